// /404: where unknown paths end up.
import { StatusResult } from '../components/StatusResult'

export default function NotFoundPage() {
  return <StatusResult status="404" subTitle="抱歉，您访问的页面不存在" />
}
