// /404: where unknown paths end up; offers a way back without assuming the visitor came from inside the app.
import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'

export default function NotFoundPage() {
  const navigate = useNavigate()

  // React Router numbers its history entries in history.state.idx; 0 means this tab opened on this page
  // (typed URL, bookmark, new window), where navigate(-1) would leave the app or do nothing.
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/')
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
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在"
        extra={[
          <Button key="back" onClick={goBack}>
            返回上一页
          </Button>,
          <Button key="home" type="primary" onClick={() => navigate('/vinSearch')}>
            返回首页
          </Button>,
        ]}
      />
    </div>
  )
}
