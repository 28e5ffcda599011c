// Client tests against the real server show antd's messages and notifications. Closing them renders again in
// React's scheduler; that work must end while the test document exists, or it runs after happy-dom's
// teardown ("window is not defined", an unhandled error that fails the run). 100 ms was once too short on
// the loaded CI machine; the notices never leave happy-dom's document (no transition ends there), so there
// is nothing to wait for but time.
import { message, notification } from 'antd'

const SETTLE_MS = 500

export async function closeFeedbackHosts(): Promise<void> {
  // The hosts are React roots of antd's own, rendered outside act(): in a file that declares an act
  // environment each of their closing renders prints React's act warning, and one still being printed when
  // the file's worker closes fails the run ("Closing rpc while onUserConsoleLog was pending"). The file's
  // tests are over, so what React says from here on is not printed.
  console.error = () => {}
  message.destroy()
  notification.destroy()
  await new Promise((done) => setTimeout(done, SETTLE_MS))
}
