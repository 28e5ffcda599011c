// A route's error screen: a page chunk that failed or timed out offers a retry (a reload fetches the
// current build's chunks); anything else says so plainly with a way home (not in an embedded catalogue,
// whose frame has no home but its own address). Plain markup: this screen is in the entry chunk and must
// not weigh on the first page.
import { Button } from 'antd'
import { useRouteError } from 'react-router'
import { paths } from '../../config/paths'
import { embedded } from '../../lib/embed'
import { ChunkTimeoutError } from '../page'

function isChunkFailure(error: unknown): boolean {
  if (error instanceof ChunkTimeoutError) return true
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /dynamically imported module|Failed to fetch|Importing a module script failed|error loading/i.test(
    text,
  )
}

export function RouteError() {
  const chunk = isChunkFailure(useRouteError())
  return (
    <div role="alert" style={{ textAlign: 'center', padding: '96px 24px' }}>
      <div style={{ fontSize: 48, lineHeight: 1 }}>{chunk ? '⚠' : '✕'}</div>
      <h2 style={{ margin: '16px 0 8px' }}>{chunk ? '页面加载失败' : '页面出错了'}</h2>
      <p style={{ color: '#8c8c8c' }}>
        {chunk ? '网络不稳定或系统已更新，请重试。' : '请刷新重试，如仍有问题请联系客服。'}
      </p>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'center', marginTop: 24 }}>
        <Button type="primary" onClick={() => window.location.reload()}>
          重试
        </Button>
        {!embedded && <Button href={paths.vinSearch}>返回首页</Button>}
      </div>
    </div>
  )
}
