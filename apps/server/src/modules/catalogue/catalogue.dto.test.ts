// The car record's one-string model condition.
import { describe, expect, it } from 'vitest'
import { modelCondition } from './catalogue.dto'
import type { ModelRow } from './catalogue.repository'

const magotan = { engine: 'EA888 2.0T', transmission: '7速双离合', year: 2020 } as ModelRow

describe('modelCondition', () => {
  it('names engine, transmission and the years the model was built', () => {
    expect(modelCondition({ ...magotan, built_from: 2020, built_to: 2020 })).toBe(
      'EA888 2.0T 7速双离合 2020年',
    )
    expect(modelCondition({ ...magotan, built_from: 2019, built_to: 2021 })).toBe(
      'EA888 2.0T 7速双离合 2019-2021年',
    )
    // A model no VIN pattern names was built in its model year; an empty field is left out.
    expect(modelCondition({ ...magotan, transmission: '', built_from: null, built_to: null })).toBe(
      'EA888 2.0T 2020年',
    )
  })
})
