// Client tests against the real server show antd's messages and notifications. Closing them renders again in
// React's scheduler; that work must end while the test document exists, or it runs after happy-dom's
// teardown ("window is not defined", an unhandled error that fails the run). 100 ms was once too short on
// the loaded CI machine; the notices never leave happy-dom's document (no transition ends there), so there
// is nothing to wait for but time.
import { message, notification } from 'antd'

const SETTLE_MS = 500

export async function closeFeedbackHosts(): Promise<void> {
  message.destroy()
  notification.destroy()
  await new Promise((done) => setTimeout(done, SETTLE_MS))
}
