// The shared text rules in an antd form: a field the rule requires carries the required mark, an optional one
// does not, and an empty required field says the shared rule's message, not antd's own.
import { passwordField } from '@epc/shared'
import { Button, Form, Input } from 'antd'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { fieldRule } from './form-rules'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

describe('fieldRule in a form', () => {
  it('marks required fields only, and words an empty one with the shared message', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    await act(async () =>
      root.render(
        <Form>
          <Form.Item
            name="Old"
            label="原密码"
            rules={[fieldRule({ ...passwordField, label: '原密码', min: 0 })]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="New" label="新密码" rules={[fieldRule({ ...passwordField, label: '新密码' })]}>
            <Input />
          </Form.Item>
          <Button htmlType="submit">提交</Button>
        </Form>,
      ),
    )
    const label = (text: string) =>
      Array.from(container.querySelectorAll('label')).find((l) => l.textContent === text)
    expect(label('新密码')?.className).toContain('ant-form-item-required')
    expect(label('原密码')?.className).not.toContain('ant-form-item-required')

    await act(async () => container.querySelector('button')?.click())
    await vi.waitFor(() => expect(container.querySelector('.ant-form-item-explain-error')).not.toBeNull())
    const errors = Array.from(container.querySelectorAll('.ant-form-item-explain-error')).map(
      (e) => e.textContent,
    )
    expect(errors).toEqual(['请输入新密码'])
    act(() => root.unmount())
    container.remove()
  })
})
