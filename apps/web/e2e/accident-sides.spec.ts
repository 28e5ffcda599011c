// A body-shop clerk's accident list in Chromium against the real server: ticking only 左前门 for a demo
// VIN lists the left front door's parts and the side-neutral ones, never a right-side or rear-door part.
import { expect, test } from '@playwright/test'
import { createAccount, signIn } from './support'

test('左前门 alone lists the left front door, nothing of the other side or the rear doors', async ({
  page,
}) => {
  const account = await createAccount(page.request)
  await signIn(page, account)
  await page.goto('/smartSearch')

  const vinBox = page.getByTestId('smart-search').getByLabel('车架号', { exact: true })
  await vinBox.fill('LFVBA41K2KC947080')
  await vinBox.press('Enter')
  // The VIN pattern is shared by two trims: the clerk picks the car in front of them.
  const choices = page.getByTestId('vin-models')
  await choices.getByRole('button', { name: /速腾 2019款 280TSI DSG 舒适型/ }).click()
  await expect(page.getByTestId('smart-vehicle')).toContainText('速腾 2019款 280TSI DSG 舒适型')

  await page.getByRole('tab', { name: '事故查询' }).click()
  // The choice goes through the URL, so the box shows its tick a moment after the click.
  const leftFrontDoor = page.getByRole('checkbox', { name: '左前门' })
  await leftFrontDoor.click()
  await expect(leftFrontDoor).toBeChecked()
  await expect(page).toHaveURL(/zones=left\.frontDoor(&|$)/)
  const result = page.getByTestId('accident-result')
  await expect(result.locator('.ant-spin-spinning')).toHaveCount(0)
  const nameCells = result.locator('tbody tr.ant-table-row td:nth-child(3)')
  await expect(nameCells.filter({ hasText: '左前车门锁' })).toHaveCount(1)

  const names = (await nameCells.allTextContents()).map((n) => n.replace('停售', '').trim())
  expect(names).toEqual(
    expect.arrayContaining(['左前门总成', '左前门外板', '左前车门锁', '左前车门玻璃', '前车门密封条']),
  )
  expect(names.filter((n) => /右|左后|^后/u.test(n))).toEqual([])
  expect(new Set(names).size).toBe(names.length)
})
