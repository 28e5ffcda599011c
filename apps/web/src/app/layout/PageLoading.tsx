// Shown while a page's chunk or the first route data loads.
import { Spin } from 'antd'

export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '120px 0' }}>
      <Spin size="large" />
    </div>
  )
}
