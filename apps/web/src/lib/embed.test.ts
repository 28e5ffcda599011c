// The embedded catalogue's side of the app: which addresses are embed pages, and the API client of a page
// loaded at one — the session's token on every call, and what ends the session said in the frame, with
// nobody signed out and the signed-in user's login left as it was.
import { EmbedMessages, type EmbedSession, type LoginInfo, ResultCode } from '@epc/shared'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { embedLinkOf } from './embed'

const LINK = 'Zx9_-a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ01'

describe('embedLinkOf', () => {
  it.each([
    [`/embed/${LINK}`, LINK],
    [`/embed/${LINK}/`, LINK],
    [`/embed/${LINK}/partsFilter`, LINK],
    [`/embed/${LINK}/partsDetail`, LINK],
  ])('reads the link of %s', (path, link) => expect(embedLinkOf(path)).toBe(link))

  it.each(['/', '/embed', '/embed/', '/partsFilter', '/embedded/abc', '/x/embed/abc', '/embed/a.b'])(
    'finds none in %s',
    (path) => expect(embedLinkOf(path)).toBeNull(),
  )
})

const session: EmbedSession = {
  Token: 'emb.session-token',
  Vin: 'LSVNV2182N2000001',
  ModelIds: ['M1'],
  CompanyName: '某保险公司',
  ExpiresAt: Date.now() + 3_600_000,
}
const login: LoginInfo = {
  UserName: '张三',
  Mobile: '13800138000',
  UserID: 1,
  UserCompanyName: '演示汽配有限公司',
  Token: 'user-token',
}

const sent: { path: string; authorization: string | null }[] = []
/** The server answers every call with this code and message. */
function serverAnswers(code: string, text: string) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      path: new URL(String(input), window.location.href).pathname,
      authorization: new Headers(init?.headers).get('authorization'),
    })
    return Response.json({ ResultCode: code, ResultMsg: text })
  })
}

const shown: string[] = []

// The page's first address decides, when the modules load: these are loaded afresh at an embed address.
;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
  `http://127.0.0.1/embed/${LINK}/partsFilter?ModelId=M1`,
)
vi.resetModules()
const embed = await import('./embed')
const { api } = await import('./api-client')
const navigation = await import('./navigation')
const storage = await import('./storage')
const feedback = await import('./feedback')

describe('the API client of an embedded catalogue', () => {
  const navigate = vi.fn()

  beforeAll(() => {
    const record = (text: unknown) => {
      shown.push(String(text))
    }
    // Both the messages and the account notice land here.
    feedback.bindFeedback({
      message: { warning: record, success: record, error: record },
      notification: {
        error: (config: { description: unknown }) => record(config.description),
        destroy: () => {},
      },
    } as never)
    navigation.setNavigator(navigate)
    storage.saveLoginInfo(login)
    embed.setEmbedSession(session)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    sent.length = 0
    shown.length = 0
    embed.useEmbed.setState({ ended: null })
  })

  afterAll(() => storage.clearAllStoredState())

  it('knows it is embedded, and where its screens sit', () => {
    expect(embed.embedded).toBe(true)
    expect(embed.embedLink).toBe(LINK)
    expect(embed.embedBase).toBe(`/embed/${LINK}`)
  })

  it.each([
    [ResultCode.NotLoggedIn, EmbedMessages.sessionOver],
    [ResultCode.QuotaExceeded, EmbedMessages.noItems],
    [ResultCode.AccountDisabled, '账号已停用，请联系客服'],
  ])('on %s calls with the session token and ends the frame with the message', async (code, text) => {
    serverAnswers(code, text)
    await expect(api.post('/api/epc/grouptree', { ModelId: 'M1' })).rejects.toThrow(text)
    expect(sent).toEqual([{ path: '/api/epc/grouptree', authorization: `Bearer ${session.Token}` }])
    expect(embed.useEmbed.getState().ended).toBe(text)
    expect(navigate).not.toHaveBeenCalled()
    expect(shown).toEqual([])
    expect(storage.loadLoginInfo()).toEqual(login)
  })

  it('says any other refusal as a warning and goes on', async () => {
    serverAnswers(ResultCode.BusinessFailure, EmbedMessages.notInEmbed)
    await expect(api.post('/api/epc/illustration', {}, { showResultMsg: true })).rejects.toThrow()
    expect(shown).toEqual([EmbedMessages.notInEmbed])
    expect(embed.useEmbed.getState().ended).toBeNull()
  })
})
