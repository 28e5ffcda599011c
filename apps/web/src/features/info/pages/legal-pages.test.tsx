// The privacy policy and the user agreement each state what spec section 1 says both texts state.
import type { ComponentType } from 'react'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import PrivacyPolicyPage from './PrivacyPolicyPage'
import UserAgreementPage from './UserAgreementPage'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

async function textOf(Page: ComponentType): Promise<string> {
  const container = document.createElement('div')
  const root = createRoot(container)
  await act(async () =>
    root.render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    ),
  )
  const text = container.textContent?.replace(/\s+/g, '') ?? ''
  act(() => root.unmount())
  return text
}

describe.each([
  ['the privacy policy', PrivacyPolicyPage],
  ['the user agreement', UserAgreementPage],
])('%s', (_, Page) => {
  it('states the limits, bans, reference-only information, true data, guardians, its date and 15 days', async () => {
    const text = await textOf(Page)
    expect(text).toMatch(/每日.{0,30}上限/)
    expect(text).toMatch(/爬虫.{0,120}封禁/)
    expect(text).toContain('仅供参考')
    expect(text).toContain('真实、准确、完整')
    expect(text).toMatch(/未满18.{0,20}监护人/)
    expect(text).toContain('2023年1月1日')
    expect(text).toContain('15日内')
  })
})
