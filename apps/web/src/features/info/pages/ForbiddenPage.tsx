// /403: shown when a page is refused.
import { StatusResult } from '../components/StatusResult'

export default function ForbiddenPage() {
  return <StatusResult status="403" subTitle="抱歉，您无权访问此页面" />
}
