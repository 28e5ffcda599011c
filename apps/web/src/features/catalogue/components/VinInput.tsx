// The VIN box: upper-cases as typed, drops what a VIN cannot hold (keeping I, O and Q so the correction can
// be offered), cleans pasted text, and stops at 17 characters.
import { decodeVin, normalizeVin, VIN_LENGTH } from '@epc/shared'
import { Input, type InputRef } from 'antd'
import type { Ref } from 'react'

/** What the box keeps of typed or pasted text: VIN characters plus the I/O/Q look-alikes, upper-case. */
export function cleanVinInput(raw: string): string {
  const { vin, invalidChars, corrections } = normalizeVin(raw)
  const bad = new Set(invalidChars.map((c) => c.position))
  const lookalike = new Map(corrections.map((c) => [c.position, c.from]))
  let kept = ''
  for (let i = 0; i < vin.length; i++) {
    const position = i + 1
    if (bad.has(position)) continue
    kept += lookalike.get(position) ?? vin[i]
  }
  return kept.slice(0, VIN_LENGTH)
}

export function VinInput({
  value,
  onChange,
  onSubmit,
  inputRef,
  loading,
}: {
  value: string
  onChange: (vin: string) => void
  onSubmit: () => void
  inputRef?: Ref<InputRef>
  loading?: boolean
}) {
  const decoded = decodeVin(value)
  return (
    <Input.Search
      ref={inputRef}
      value={value}
      size="large"
      autoFocus
      allowClear
      enterButton="查询"
      loading={loading}
      placeholder="请输入17位车架号（VIN），按 F1 定位到此处"
      aria-label="车架号"
      spellCheck={false}
      autoComplete="off"
      suffix={<span style={{ color: '#999', fontSize: 12 }}>{`${decoded.vin.length}/${VIN_LENGTH}`}</span>}
      onChange={(e) => onChange(cleanVinInput(e.target.value))}
      onSearch={(_v, _e, info) => {
        if (info?.source !== 'clear') onSubmit()
      }}
      style={{ fontFamily: 'Menlo, Consolas, monospace', letterSpacing: 1 }}
    />
  )
}
