// The embedded catalogue around its screens: opens the link (or takes this tab's session of it), then shows
// the thin bar over the screen. What ends the catalogue — the link used or expired, the session over or its
// key revoked, no items left — is said in the screen's place, as the server worded it.
import { EmbedMessages } from '@epc/shared'
import { Button, Result, Spin } from 'antd'
import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { ApiError } from '../../../lib/api-client'
import { embedLink, endEmbed, useEmbed } from '../../../lib/embed'
import { useEmbedSession } from '../api/open-embed'
import { EmbedBar } from './EmbedBar'

function Screen() {
  const opened = useEmbedSession(embedLink ?? '')
  const ended = useEmbed((s) => s.ended)
  const session = opened.data
  if (ended) return <Result status="warning" title={ended} />
  if (session) {
    return session.ExpiresAt > Date.now() ? (
      <Outlet />
    ) : (
      <Result status="warning" title={EmbedMessages.sessionOver} />
    )
  }
  if (opened.error instanceof ApiError && opened.error.kind === 'result') {
    return <Result status="warning" title={opened.error.message} />
  }
  if (opened.error) {
    return (
      <Result
        status="error"
        title="网络异常，请稍后重试"
        extra={
          <Button type="primary" onClick={() => opened.refetch()}>
            重试
          </Button>
        }
      />
    )
  }
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '120px 0' }}>
      <Spin size="large" />
    </div>
  )
}

export function EmbedFrame() {
  const session = useEmbed((s) => s.session)
  // A session that runs out while the frame sits open says so at once, not at the next look-up.
  useEffect(() => {
    if (!session) return
    const timer = setTimeout(() => endEmbed(EmbedMessages.sessionOver), session.ExpiresAt - Date.now())
    return () => clearTimeout(timer)
  }, [session])
  return (
    <>
      {session && <EmbedBar session={session} />}
      <Screen />
    </>
  )
}
