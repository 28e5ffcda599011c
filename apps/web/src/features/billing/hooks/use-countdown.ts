// The time left until a moment (an order's ExpireAt), ticking every second while the page shows it.
import { useEffect, useState } from 'react'

export function useCountdown(until: number | undefined): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (until === undefined) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  return until === undefined ? 0 : Math.max(0, until - now)
}

const two = (n: number) => String(n).padStart(2, '0')

/** 14:59, or 6天 23:59:59 for a bank transfer's week. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000)
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  if (days) return `${days}天 ${two(hours)}:${two(minutes)}:${two(seconds)}`
  if (hours) return `${two(hours)}:${two(minutes)}:${two(seconds)}`
  return `${two(minutes)}:${two(seconds)}`
}
