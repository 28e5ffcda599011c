// Client tests against the real server show messages and notifications. They are said through the app's own
// hosts (app/feedback-host.tsx) mounted in a React root this module owns, so a file can unmount them when its
// tests are over: antd's static hosts are roots of antd's own that cannot be unmounted, and their closing
// renders, still running after happy-dom's teardown, failed runs ("window is not defined" from React's
// passive-effect task) however long a file waited for them.
import { act, createElement } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import FeedbackHost from '../app/feedback-host'

let hosts: { root: Root; container: HTMLElement } | undefined

/** Mounts the hosts and binds feedback to them (the host binds in its effect, flushed with the render). */
export async function openFeedbackHosts(): Promise<void> {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  const render = () => root.render(createElement(FeedbackHost))
  // A file that declares an act environment gets React's warning for a render outside act().
  if ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT)
    await act(async () => render())
  else flushSync(render)
  hosts = { root, container }
  await new Promise((done) => setTimeout(done, 0))
}

export async function closeFeedbackHosts(): Promise<void> {
  // Unmounting commits at once; what the hosts' timers ask afterwards lands on an unmounted tree and renders
  // nothing. React's task that follows the unmount's commit runs at the scheduler's next turn: wait for it.
  // In a file that declares an act environment the hosts' renders outside act() print React's act warning,
  // and one still being printed when the worker closes fails the run; the tests are over, so it is dropped.
  console.error = () => {}
  hosts?.root.unmount()
  hosts?.container.remove()
  hosts = undefined
  await new Promise((done) => setTimeout(done, 100))
}
