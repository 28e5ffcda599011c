// The message centre's calls (docs/api.md, Messages and the account): login only, no active service.
import { emptySchema } from '@epc/shared/account-schemas'
import { messageIdSchema, messagesSchema } from '@epc/shared/profile-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../call'
import { MessagesService } from './messages.service'

export async function messageRoutes(app: FastifyInstance) {
  const messages = new MessagesService(app.ctx)
  const read = { access: 'login', mutates: false } as const
  const change = { access: 'login', mutates: true } as const

  registerCall(app, {
    path: '/api/usercenter/messages',
    ...read,
    schema: messagesSchema,
    handle: ({ caller, payload }) => messages.page(caller, payload),
  })
  registerCall(app, {
    path: '/api/usercenter/unreadcount',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => messages.unread(caller),
  })
  registerCall(app, {
    path: '/api/usercenter/readmessage',
    ...change,
    schema: messageIdSchema,
    handle: ({ caller, payload }) => messages.read(caller, payload.Id),
  })
  registerCall(app, {
    path: '/api/usercenter/readallmessages',
    ...change,
    schema: emptySchema,
    handle: ({ caller }) => messages.readAll(caller),
  })
}
