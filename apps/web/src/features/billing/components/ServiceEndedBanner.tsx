// The banner of an ended service (no period running, no queries left): renewing brings the look-ups back.
// Staff cannot buy, so they are told to ask the owner.
import { BillingMessages } from '@epc/shared'
import { Alert } from 'antd'
import { serviceEnded } from '../api/get-entitlement'
import type { Entitlement } from '../types'

export function ServiceEndedBanner({ entitlement }: { entitlement: Entitlement | undefined }) {
  if (!entitlement || !serviceEnded(entitlement)) return null
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="service-ended"
      title={entitlement.IsOwner ? BillingMessages.serviceEnded : BillingMessages.serviceEndedStaff}
    />
  )
}
