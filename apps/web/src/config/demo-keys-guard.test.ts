// A web build refuses the published demo keys unless it is a development build.
import { DEMO_SITE_KEYS } from '@epc/shared'
import { describe, expect, it } from 'vitest'
import { demoKeysGuard, demoKeysProblem } from '../../demo-keys-guard'

const OWN = { contentKey: 'ab'.repeat(32), signKey: 'our-own-sign-key' }

/** Runs the plugin's build start as Vite would: the message it stops the build with, or null. */
function buildStart(rawSites: string | undefined, allow: boolean): string | null {
  const hook = demoKeysGuard(rawSites, allow).buildStart as (this: unknown) => void
  try {
    hook.call({
      error: (message: string) => {
        throw new Error(message)
      },
    })
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('the demo keys guard of the web build', () => {
  it('finds the demo keys when VITE_SITES is unset, has no default, or names them for any host', () => {
    expect(demoKeysProblem(undefined)).toContain('未设置 VITE_SITES')
    expect(demoKeysProblem(JSON.stringify({ 'shop.example.com': OWN }))).toContain('没有 default 项')
    expect(demoKeysProblem(JSON.stringify({ default: OWN, 'b.example.com': DEMO_SITE_KEYS }))).toContain(
      'b.example.com 使用了公开的演示密钥',
    )
    expect(
      demoKeysProblem(JSON.stringify({ default: { ...OWN, signKey: DEMO_SITE_KEYS.signKey } })),
    ).toContain('default 使用了公开的演示密钥')
    expect(demoKeysProblem(JSON.stringify({ default: OWN }))).toBeNull()
  })

  it('stops a build with the demo keys unless ALLOW_DEMO_KEYS allows them', () => {
    expect(buildStart(undefined, false)).toContain('部署用的构建须在 VITE_SITES 中配置本站自己的密钥')
    expect(buildStart(undefined, true)).toBeNull()
    expect(buildStart(JSON.stringify({ default: OWN }), false)).toBeNull()
  })
})
