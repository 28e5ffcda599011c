// What is said when antd's message and notification hosts cannot be loaded (the server unreachable, or
// restarted with a new build whose chunks replaced the ones this page knows): the text in a plain box at the
// top of the window, in the entry chunk so that it needs nothing from the network. Its look is in global.css.
import type { ArgsProps as MessageArgs } from 'antd/es/message/interface'
import type { ArgsProps as NotificationArgs } from 'antd/es/notification/interface'
import { isValidElement, type ReactNode } from 'react'

const SHOWN_MS = 3000

let stack: HTMLElement | undefined
const notices = new Map<string, HTMLElement>()

function textOf(content: ReactNode | MessageArgs): string {
  if (typeof content === 'string' || typeof content === 'number') return String(content)
  if (content && typeof content === 'object' && 'content' in content) return textOf(content.content)
  return ''
}

/**
 * A notice's actions (antd buttons, perhaps in a row) as plain buttons: the 账号异常 notice's 知道了 and
 * 续费 still answer when its host could not be loaded.
 */
function buttonsOf(node: ReactNode): HTMLButtonElement[] {
  if (Array.isArray(node)) return node.flatMap(buttonsOf)
  if (!isValidElement(node)) return []
  const { onClick, children } = node.props as { onClick?: () => void; children?: ReactNode }
  if (!onClick) return buttonsOf(children)
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = textOf(children)
  button.addEventListener('click', () => onClick())
  return [button]
}

function show(lines: string[], ms: number | null, buttons: HTMLButtonElement[] = []): HTMLElement {
  if (!stack?.isConnected) {
    stack = document.createElement('div')
    stack.className = 'plain-feedback'
    document.body.append(stack)
  }
  const box = document.createElement('div')
  box.setAttribute('role', 'alert')
  for (const line of lines.filter(Boolean)) {
    const p = document.createElement('div')
    p.textContent = line
    box.append(p)
  }
  if (buttons.length) {
    const row = document.createElement('div')
    row.className = 'plain-feedback-actions'
    row.append(...buttons)
    box.append(row)
  }
  stack.append(box)
  if (ms !== null) setTimeout(() => box.remove(), ms)
  return box
}

const say = (content: ReactNode | MessageArgs) => {
  show([textOf(content)], SHOWN_MS)
}

/** The hosts' calls that lib/feedback.ts makes (it reads none of their answers), said plainly. */
export const plainFeedback = {
  message: { warning: say, success: say, error: say },
  notification: {
    error: (args: NotificationArgs) => {
      const lines = [textOf(args.title), textOf(args.description)]
      const box = show(lines, args.duration === 0 ? null : SHOWN_MS, buttonsOf(args.actions))
      if (args.key !== undefined) notices.set(String(args.key), box)
    },
    destroy: (key?: string | number) => {
      for (const [k, box] of notices) {
        if (key !== undefined && k !== String(key)) continue
        box.remove()
        notices.delete(k)
      }
    },
  },
}
