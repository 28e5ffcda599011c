// The 数据服务 page's calls (docs/api.md "Data service"): the owner's API keys and their use. They need a
// login and no active service: the data service is bought apart (data-items packs). Also the opening of an
// embedded catalogue's link, by the page the link loads.
import { emptySchema } from '@epc/shared/account-schemas'
import {
  apiKeySchema,
  apiUsageSchema,
  createApiKeySchema,
  openEmbedLinkSchema,
  renameApiKeySchema,
  setApiKeyEmbedSchema,
  setApiKeyIpsSchema,
} from '@epc/shared/data-service-schemas'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../call'
import { EmbedService } from './embed.service'
import { ApiKeysService } from './keys.service'

export async function apiKeyRoutes(app: FastifyInstance) {
  const keys = new ApiKeysService(app.ctx)
  const embeds = new EmbedService(app.ctx)
  const read = { access: 'login', mutates: false } as const
  const change = { access: 'login', mutates: true } as const

  registerCall(app, {
    path: '/api/dataservice/keys',
    ...read,
    schema: emptySchema,
    handle: ({ caller }) => keys.list(caller),
  })
  registerCall(app, {
    path: '/api/dataservice/keys/create',
    ...change,
    schema: createApiKeySchema,
    handle: ({ caller, payload }) => keys.create(caller, payload),
  })
  registerCall(app, {
    path: '/api/dataservice/keys/rename',
    ...change,
    schema: renameApiKeySchema,
    handle: ({ caller, payload }) => keys.rename(caller, payload),
  })
  registerCall(app, {
    path: '/api/dataservice/keys/setips',
    ...change,
    schema: setApiKeyIpsSchema,
    handle: ({ caller, payload }) => keys.setIpRanges(caller, payload),
  })
  registerCall(app, {
    path: '/api/dataservice/keys/setembed',
    ...change,
    schema: setApiKeyEmbedSchema,
    handle: ({ caller, payload }) => keys.setEmbedOrigins(caller, payload),
  })
  registerCall(app, {
    path: '/api/dataservice/keys/rotate',
    ...change,
    schema: apiKeySchema,
    handle: ({ caller, payload }) => keys.rotate(caller, payload),
  })
  registerCall(app, {
    path: '/api/dataservice/keys/revoke',
    ...change,
    schema: apiKeySchema,
    handle: ({ caller, payload }) => keys.revoke(caller, payload),
  })
  registerCall(app, {
    path: '/api/dataservice/usage',
    ...read,
    schema: apiUsageSchema,
    handle: ({ caller, payload }) => keys.usage(caller, payload),
  })
  // The link is the credential: a retried envelope gets the first answer from the replay memory.
  registerCall(app, {
    path: '/api/embed/open',
    access: 'public',
    mutates: true,
    schema: openEmbedLinkSchema,
    handle: ({ payload }) => embeds.open(payload.Link),
  })
}
