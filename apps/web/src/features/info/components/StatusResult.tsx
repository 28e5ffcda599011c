// /403 and /404: a way back without assuming the visitor came from inside the app, and a way home.
import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'
import { paths } from '../../../config/paths'

/** A full-screen 403 or 404 with a way back and a way home. */
export function StatusResult({ status, subTitle }: { status: '403' | '404'; subTitle: string }) {
  const navigate = useNavigate()

  // React Router numbers its history entries in history.state.idx; 0 means this tab opened on this page
  // (typed URL, bookmark, new window), where navigate(-1) would leave the app or do nothing.
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate(paths.root)
  }

  return (
    <div
      style={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <Result
        status={status}
        title={status}
        subTitle={subTitle}
        extra={[
          <Button key="back" onClick={goBack}>
            返回上一页
          </Button>,
          <Button key="home" type="primary" onClick={() => navigate(paths.vinSearch)}>
            返回首页
          </Button>,
        ]}
      />
    </div>
  )
}
