// Every query key of the billing calls.
export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  entitlement: () => [...billingKeys.all, 'entitlement'] as const,
  /** Without a plan: every coupon query (the list and each plan's). */
  coupons: (planCode?: string) =>
    planCode === undefined
      ? ([...billingKeys.all, 'coupons'] as const)
      : ([...billingKeys.all, 'coupons', planCode] as const),
  orders: () => [...billingKeys.all, 'orders'] as const,
  ordersPage: (page: number, size: number) => [...billingKeys.orders(), page, size] as const,
  order: (orderNo: string) => [...billingKeys.all, 'order', orderNo] as const,
  notices: () => [...billingKeys.all, 'notices'] as const,
  payResult: (query: string) => [...billingKeys.all, 'payResult', query] as const,
}
