// The VIN box: upper-cases as typed, drops what a VIN cannot hold (saying so; keeping I, O and Q so the
// correction can be offered), cleans pasted text, and stops at 17 characters.
import { decodeVin, VIN_LENGTH, VinMessages } from '@epc/shared'
import { Input, type InputRef } from 'antd'
import type { Ref } from 'react'
import { vinTyped } from '../vin-text'

export function VinInput({
  value,
  onChange,
  onSubmit,
  inputRef,
  loading,
}: {
  value: string
  onChange: (vin: string) => void
  onSubmit: () => void
  inputRef?: Ref<InputRef>
  loading?: boolean
}) {
  const decoded = decodeVin(value)
  return (
    <Input.Search
      ref={inputRef}
      value={value}
      size="large"
      autoFocus
      allowClear
      enterButton="查询"
      loading={loading}
      placeholder={`${VinMessages.length}（VIN），按 F1 定位到此处`}
      aria-label="车架号"
      spellCheck={false}
      autoComplete="off"
      suffix={<span style={{ color: '#999', fontSize: 12 }}>{`${decoded.vin.length}/${VIN_LENGTH}`}</span>}
      onChange={(e) => onChange(vinTyped(e.target.value))}
      onSearch={(_v, _e, info) => {
        if (info?.source !== 'clear') onSubmit()
      }}
      style={{ fontFamily: 'Menlo, Consolas, monospace', letterSpacing: 1 }}
    />
  )
}
