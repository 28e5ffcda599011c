// /user/admin against the real server: a password change (old, new twice), then signing in with the new
// one; a cancellation requested after an SMS check (the screen says the staff accounts end with it and
// unused service lapses), shown 待处理 with its answer-by date, and withdrawn.
import { randomUUID } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'
import { hashPassword } from '../../server/src/lib/secrets'
import { chooseUserMenu, createAccount, freshMobile, screenshot, signIn, smsCode } from './support'

/** antd puts a space between the two characters of a two-character button label (撤 回). */
const button = (scope: Locator | Page, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) })

/**
 * A company owner written straight into the test server's database: registering through the API sends a
 * code, and the server's one-code-a-minute throttle would then hold back the cancellation's code.
 */
async function ownerWithoutSms() {
  const account = { mobile: freshMobile(), password: 'test1234' }
  const hash = await hashPassword(account.password, Number(process.env.E2E_PASSWORD_HASH_COST))
  const now = Date.now()
  const db = new Database(process.env.E2E_DB as string)
  try {
    db.pragma('busy_timeout = 5000')
    const company = db
      .prepare('INSERT INTO companies (name, mobile, open_id, type4s, created_at) VALUES (?, ?, ?, 1, ?)')
      .run(`注销测试修理厂${account.mobile.slice(-4)}`, account.mobile, randomUUID().replaceAll('-', ''), now)
    db.prepare(
      `INSERT INTO accounts (company_id, mobile, user_name, password_hash, state, is_owner, created_at, updated_at)
       VALUES (?, ?, '王老板', ?, 'active', 1, ?, ?)`,
    ).run(company.lastInsertRowid, account.mobile, hash, now, now)
    db.prepare(
      "INSERT INTO services (company_id, kind, starts_at, ends_at, created_at) VALUES (?, 'trial', ?, ?, ?)",
    ).run(company.lastInsertRowid, now, now + 7 * 86_400_000, now)
  } finally {
    db.close()
  }
  return account
}

test('a password change signs in with the new password', async ({ page, request }) => {
  const account = await createAccount(request)
  await signIn(page, account)
  await page.goto('/user/admin')
  const card = page.locator('.ant-card').filter({ hasText: '修改密码' }).first()
  await card.getByLabel('原密码').fill('wrong999')
  await card.getByLabel('新密码', { exact: true }).fill('newpass77')
  await card.getByLabel('确认新密码').fill('newpass77')
  await button(card, '修改密码').click()
  await expect(page.getByText('原密码错误')).toBeVisible()

  await card.getByLabel('原密码').fill(account.password)
  await button(card, '修改密码').click()
  await expect(page.getByText('密码已修改，其他设备需重新登录')).toBeVisible()
  // This device stays signed in.
  await page.reload()
  await expect(page).toHaveURL(/\/user\/admin$/)

  await chooseUserMenu(page, '退出登录', /\/login$/)
  await signIn(page, { mobile: account.mobile, password: 'newpass77' })
})

test('a cancellation is requested after an SMS check, shown pending, and withdrawn', async ({
  page,
  request,
}) => {
  const account = await ownerWithoutSms()
  await signIn(page, account)
  await page.goto('/user/admin')
  const card = page.locator('.ant-card').filter({ hasText: '注销后企业账号' }).first()
  await button(card, '注销账号').click()
  const dialog = page.getByRole('dialog', { name: '注销账号' })
  await expect(dialog).toContainText('全部子账号将随主账号一起停止使用')
  await expect(dialog).toContainText('尚未用完的服务')
  await expect(dialog).toContainText('作废')
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled()
  await dialog.getByLabel('验证码').fill(await smsCode(request, account.mobile))
  await dialog.getByRole('button', { name: '确认注销' }).click()

  const pending = page.getByTestId('cancellation-pending')
  await expect(pending).toContainText('注销申请待处理')
  const due = new Date(Date.now() + 15 * 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10)
  await expect(pending).toContainText(`我们将在 ${due}`)
  await screenshot(page, 'account-cancellation-pending')
  // Still pending after a reload: the server keeps it.
  await page.reload()
  await button(pending, '撤回').click()
  await button(page.locator('.ant-popconfirm'), '撤回').click()
  await expect(page.getByText('注销申请已撤回')).toBeVisible()
  await expect(pending).toHaveCount(0)
  await expect(
    button(page.locator('.ant-card').filter({ hasText: '注销后企业账号' }).first(), '注销账号'),
  ).toBeVisible()
})
