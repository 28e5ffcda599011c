// Maintenance schedules (保养项目) for the demo's 保养 lookup: what a 4S service advisor replaces at which
// mileage or age, following common mainland practice for a petrol car on full-synthetic oil.
export interface MaintenanceItemSpec {
  // Generic name; also in GENERIC_NAMES and on some callout, so the lookup can price it from the catalogue.
  name: string
  // In the generic name's unit: 升 for oils and fluids, 套 for pad sets, 个/片 otherwise.
  qty: number
  intervalKm: number
  intervalMonths: number
}

export const MAINTENANCE_ITEMS: MaintenanceItemSpec[] = [
  // 小保养: full-synthetic oil runs 10000 km or a year; the drain plug's crush washer goes with every oil change.
  { name: '发动机机油', qty: 4, intervalKm: 10_000, intervalMonths: 12 },
  { name: '机油滤清器', qty: 1, intervalKm: 10_000, intervalMonths: 12 },
  { name: '放油螺塞垫片', qty: 1, intervalKm: 10_000, intervalMonths: 12 },
  { name: '玻璃清洗液', qty: 2, intervalKm: 10_000, intervalMonths: 12 },
  // 大保养 adds the filters every other visit; wiper blades harden in a year of sun whatever the mileage.
  { name: '空气滤清器', qty: 1, intervalKm: 20_000, intervalMonths: 12 },
  { name: '空调滤清器', qty: 1, intervalKm: 20_000, intervalMonths: 12 },
  { name: '雨刮片', qty: 2, intervalKm: 20_000, intervalMonths: 12 },
  { name: '燃油滤清器', qty: 1, intervalKm: 40_000, intervalMonths: 24 },
  { name: '火花塞', qty: 4, intervalKm: 40_000, intervalMonths: 48 },
  // Brake fluid absorbs water, so it goes by age as much as by distance.
  { name: '制动液', qty: 1, intervalKm: 40_000, intervalMonths: 24 },
  { name: '前制动片', qty: 1, intervalKm: 40_000, intervalMonths: 36 },
  { name: '后制动片', qty: 1, intervalKm: 60_000, intervalMonths: 48 },
  { name: '变速箱油', qty: 4, intervalKm: 60_000, intervalMonths: 48 },
  { name: '冷却液', qty: 6, intervalKm: 60_000, intervalMonths: 48 },
  { name: '多楔带', qty: 1, intervalKm: 60_000, intervalMonths: 48 },
  { name: '蓄电池', qty: 1, intervalKm: 60_000, intervalMonths: 36 },
  // Discs outlast two sets of pads.
  { name: '前制动盘', qty: 2, intervalKm: 80_000, intervalMonths: 72 },
  // A snapped timing belt wrecks the valves, so belt, tensioner and idler are changed together as one job.
  { name: '正时皮带', qty: 1, intervalKm: 100_000, intervalMonths: 72 },
  { name: '张紧轮', qty: 1, intervalKm: 100_000, intervalMonths: 72 },
  { name: '惰轮', qty: 1, intervalKm: 100_000, intervalMonths: 72 },
]
