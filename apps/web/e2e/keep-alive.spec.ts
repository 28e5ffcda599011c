// The kept-alive main view: a screen comes back with its scroll position, and a drawer left open on a
// screen that is hidden is closed, not waiting behind the next screen.
import { expect, test } from '@playwright/test'
import { createAccount, signIn } from './support'

test('a screen keeps its scroll position when the user comes back to it', async ({ page, request }) => {
  await signIn(page, await createAccount(request))
  await page.goto('/nameEx')
  await expect(page.getByText('机油滤清器').first()).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 1500))
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(1000)
  const kept = await page.evaluate(() => Math.round(window.scrollY))
  await page.keyboard.press('F6')
  await expect(page).toHaveURL(/\/vinSearch$/)
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(0)
  await page.goBack()
  await expect(page).toHaveURL(/\/nameEx/)
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(kept)
})

test('a drawer open on a screen that is left is closed when the user comes back', async ({
  page,
  request,
}) => {
  await signIn(page, await createAccount(request))
  await page.goto('/partsDetail?ModelId=FV-MAGOTAN-2020-1&imageid=V601&fromType=2')
  const rows = page.locator('tr.ant-table-row')
  await expect(rows.first()).toBeVisible()
  await rows.first().getByText('详情').click()
  const detail = page.getByTestId('part-detail')
  await expect(detail).toBeVisible()
  await page.keyboard.press('F6')
  await expect(page).toHaveURL(/\/vinSearch$/)
  await expect(detail).toBeHidden()
  await page.goBack()
  await expect(page).toHaveURL(/\/partsDetail/)
  await expect(rows.first()).toBeVisible()
  await expect(detail).toBeHidden()
})
