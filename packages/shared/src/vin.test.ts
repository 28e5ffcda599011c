// VIN decoding: check digits, model-year cycles, forgiving normalisation and the WMI table.
import { describe, expect, it } from 'vitest'
import {
  checkDigit,
  decodeVin,
  findWmi,
  isCheckDigitValid,
  isVinChar,
  modelYearCode,
  normalizeVin,
  VIN_ALPHABET,
  VIN_LENGTH,
  WMI_TABLE,
} from './vin'

const HAN = /\p{Script=Han}/u
// Brands China sells under their Latin names; every other brand must be written in Chinese.
const LATIN_BRANDS = new Set(['smart', 'MINI'])

const JUNE_2026 = new Date(2026, 5, 1)

/** SAIC-VW format, built for these tests. Hand check: the weighted sum is 351 = 11 × 31 + 10, so 'X'. */
const SAIC_VW = 'LSVAU218XN2183294'

describe('checkDigit', () => {
  it.each([
    ['1M8GDM9AXKP042788', 'X'],
    ['11111111111111111', '1'],
    ['1HGCM82633A004352', '3'],
    ['JH4KA7561PC008269', '1'],
    ['WBA3A5G59DNP26082', '9'],
    [SAIC_VW, 'X'],
    ['LFV3A23C3M3012345', '3'],
    ['LGXCE4CB9P0123456', '9'],
    ['LRW3E7EKXPC123456', 'X'],
    ['L6T7844Z4LN012345', '4'],
    ['LBVJY7103PMP12345', '3'],
    ['LE4ZG8DB4ML123456', '4'],
    ['WDD205042JF123456', '2'],
  ])('%s has check character %s', (vin, expected) => {
    expect(checkDigit(vin)).toBe(expected)
    expect(isCheckDigitValid(vin)).toBe(true)
  })

  it('ignores whatever stands at position 9', () => {
    expect(checkDigit('11111111011111111')).toBe('1')
    expect(checkDigit('1M8GDM9A0KP042788')).toBe('X')
  })

  it('sums 89 for all ones: weights without position 9 add up to 89, remainder 1', () => {
    expect(checkDigit('11111111111111111')).toBe(String(89 % 11))
  })

  it('rejects a wrong check character without throwing', () => {
    expect(isCheckDigitValid('LSVAU2180N2183294')).toBe(false)
    expect(isCheckDigitValid('1M8GDM9A1KP042788')).toBe(false)
  })

  it('treats malformed input as not valid, and checkDigit refuses it', () => {
    expect(isCheckDigitValid('1M8GDM9AXKP04278')).toBe(false)
    expect(isCheckDigitValid('1M8GDM9AXKP04278O')).toBe(false)
    expect(isCheckDigitValid('1m8gdm9axkp042788')).toBe(false)
    expect(() => checkDigit('1M8GDM9AXKP04278')).toThrow(RangeError)
    expect(() => checkDigit('1M8GDM9AXKP04278*')).toThrow(RangeError)
  })
})

describe('decodeVin', () => {
  it('decodes a domestic joint-venture VIN', () => {
    const d = decodeVin(SAIC_VW, JUNE_2026)
    expect(d).toMatchObject({
      input: SAIC_VW,
      vin: SAIC_VW,
      valid: true,
      errors: [],
      warnings: [],
      corrections: [],
      invalidChars: [],
      maker: '上汽大众',
      brand: '大众',
      country: '中国',
      modelYear: 2022,
      modelYearCandidates: [2022, 1992],
      plantCode: '2',
      vds: 'AU218',
      vis: 'N2183294',
      serial: '183294',
      checkDigit: { expected: 'X', actual: 'X', valid: true },
    })
    expect(d.wmi?.wmi).toBe('LSV')
    expect(d.wmi?.jointVenture).toBe(true)
    expect(d.wmi?.imported).toBe(false)
  })

  it('decodes an import', () => {
    const d = decodeVin('WDD205042JF123456', JUNE_2026)
    expect(d).toMatchObject({ valid: true, maker: '梅赛德斯-奔驰', country: '德国', modelYear: 2018 })
    expect(d.wmi?.imported).toBe(true)
    expect(d.warnings).toEqual([])
  })

  it('warns about a wrong check digit but still decodes', () => {
    const d = decodeVin('LSVAU2180N2183294', JUNE_2026)
    expect(d.valid).toBe(true)
    expect(d.errors).toEqual([])
    expect(d.warnings).toEqual(['校验位不符（第9位应为 X），请核对车架号'])
    expect(d.checkDigit).toEqual({ expected: 'X', actual: '0', valid: false })
    expect(d.maker).toBe('上汽大众')
    expect(d.modelYear).toBe(2022)
  })

  it('warns about an unknown manufacturer code', () => {
    expect(findWmi('XXX')).toBeNull()
    const d = decodeVin('XXXAU2180N2183294', JUNE_2026)
    expect(d.valid).toBe(true)
    expect(d.wmi).toBeNull()
    expect(d.maker).toBeNull()
    expect(d.brand).toBeNull()
    expect(d.country).toBeNull()
    expect(d.warnings).toContain('未识别的制造商代码 XXX')
  })

  it('reports what it can while the VIN is still being typed', () => {
    const d = decodeVin('lfv', JUNE_2026)
    expect(d.valid).toBe(false)
    expect(d.errors).toEqual(['请输入17位车架号'])
    expect(d.maker).toBe('一汽-大众')
    expect(d.modelYear).toBeNull()
    expect(d.vds).toBeNull()
    expect(d.vis).toBeNull()
    expect(d.serial).toBeNull()
    expect(d.plantCode).toBeNull()
    expect(d.checkDigit).toBeNull()

    const ten = decodeVin('LFV3A23C3M', JUNE_2026)
    expect(ten.vds).toBe('3A23C')
    expect(ten.modelYear).toBe(2021)
    expect(ten.plantCode).toBeNull()
    expect(ten.warnings).toEqual([])
  })

  it.each([
    ['', 0],
    ['LSVAU218XN218329', 16],
    ['LSVAU218XN21832945', 18],
    ['LSVAU218XN2183294LSVAU218XN2183294', 34],
  ])('refuses %j (%i characters) with the exact length message', (raw, length) => {
    const d = decodeVin(raw, JUNE_2026)
    expect(d.vin).toHaveLength(length)
    expect(d.valid).toBe(false)
    expect(d.errors).toEqual(['请输入17位车架号'])
    expect(d.checkDigit).toBeNull()
  })

  it('refuses invalid characters and names their positions', () => {
    const d = decodeVin('LSV*U218XN218329京', JUNE_2026)
    expect(d.valid).toBe(false)
    expect(d.errors).toEqual(['车架号含有无效字符'])
    expect(d.invalidChars).toEqual([
      { position: 4, char: '*' },
      { position: 17, char: '京' },
    ])
    expect(d.checkDigit).toBeNull()
    expect(d.maker).toBe('上汽大众')
  })

  it('reports both errors when length and characters are wrong', () => {
    const d = decodeVin('LSV#U218', JUNE_2026)
    expect(d.errors).toEqual(['请输入17位车架号', '车架号含有无效字符'])
  })

  it('does not call a WMI unknown when it holds an invalid character', () => {
    const d = decodeVin('L#VAU218XN2183294', JUNE_2026)
    expect(d.errors).toEqual(['车架号含有无效字符'])
    expect(d.warnings).toEqual([])
  })
})

describe('model year', () => {
  const yearAt = (code: string, now: Date) => decodeVin(`LSVAU218X${code}2183294`, now).modelYear

  it.each([
    ['L', 2020],
    ['A', 2010],
    ['T', 2026],
    ['S', 2025],
    ['N', 2022],
    ['P', 2023],
    ['R', 2024],
    ['W', 1998],
    ['Y', 2000],
    ['1', 2001],
    ['9', 2009],
  ])('position 10 %s is %i in 2026', (code, year) => {
    expect(yearAt(code, JUNE_2026)).toBe(year)
  })

  it('stamps the code that decodes back to the same year', () => {
    for (let year = 1997; year <= 2027; year++) {
      expect(yearAt(modelYearCode(year), new Date(year, 5, 1))).toBe(year)
    }
    expect(modelYearCode(2019)).toBe('K')
    expect(modelYearCode(2001)).toBe('1')
  })

  it('allows next year but no further', () => {
    expect(yearAt('V', new Date(2026, 10, 15))).toBe(2027)
    expect(yearAt('V', new Date(2025, 0, 15))).toBe(1997)
    expect(yearAt('W', new Date(2027, 0, 1))).toBe(2028)
    expect(yearAt('A', new Date(2039, 0, 1))).toBe(2040)
    expect(yearAt('A', new Date(2038, 11, 31))).toBe(2010)
  })

  it('defaults now to the current date', () => {
    const next = new Date().getFullYear() + 1
    const year = decodeVin(SAIC_VW).modelYear
    expect(year).not.toBeNull()
    expect(year).toBeLessThanOrEqual(next)
    expect(year).toBeGreaterThan(next - 30)
  })

  it('lists every candidate year, latest first', () => {
    expect(decodeVin('LSVAU218XL2183294', JUNE_2026).modelYearCandidates).toEqual([2020, 1990])
    expect(decodeVin('LSVAU218XA2183294', JUNE_2026).modelYearCandidates).toEqual([2010, 1980])
    expect(decodeVin('LSVAU218XV2183294', new Date(2026, 10, 15)).modelYearCandidates).toEqual([2027, 1997])
  })

  it("tolerates '0': no year, a note, nothing refused", () => {
    const d = decodeVin('LSVAU218902183294', JUNE_2026)
    expect(d.valid).toBe(true)
    expect(d.modelYear).toBeNull()
    expect(d.modelYearCandidates).toEqual([])
    expect(d.warnings).toEqual(['第10位为0，无法确定年款'])
  })

  it('explains U and Z, which are VIN characters but no year codes', () => {
    for (const code of ['U', 'Z']) {
      const d = decodeVin(`LSVAU218X${code}2183294`, JUNE_2026)
      expect(d.modelYear).toBeNull()
      expect(d.warnings).toContain(`第10位的 ${code} 不是有效的年款代码，无法确定年款`)
    }
  })
})

describe('normalizeVin', () => {
  it('drops spaces and separators and upper-cases', () => {
    for (const raw of [
      '  lsvau218xn2183294  ',
      'LSV-AU218X-N2183294',
      'lsv.au218x.n218 3294',
      'LSV AU218X\tN2183294\n',
      'LSV_AU218X·N2183294',
      '\u200bLSVAU218XN2183294\ufeff',
    ]) {
      expect(normalizeVin(raw)).toEqual({ vin: SAIC_VW, corrections: [], invalidChars: [] })
    }
  })

  it('converts full-width letters, digits, hyphens and spaces', () => {
    expect(normalizeVin('ＬＳＶＡＵ２１８ＸＮ２１８３２９４').vin).toBe(SAIC_VW)
    expect(normalizeVin('ｌｓｖａｕ２１８ｘ　Ｎ２１８３－２９４').vin).toBe(SAIC_VW)
    expect(decodeVin('ＬＳＶＡＵ２１８ＸＮ２１８３２９４', JUNE_2026).valid).toBe(true)
  })

  it('corrects I, O and Q and reports each with its position', () => {
    const n = normalizeVin('LSVAU2I8XN2I832Q4')
    expect(n.vin).toBe('LSVAU218XN2183204')
    expect(n.corrections).toEqual([
      { position: 7, from: 'I', to: '1' },
      { position: 12, from: 'I', to: '1' },
      { position: 16, from: 'Q', to: '0' },
    ])
    expect(n.invalidChars).toEqual([])
  })

  it('corrects lower-case and full-width look-alikes, counting positions without separators', () => {
    const n = normalizeVin('ls-v au2i8 xn2183294 ｏ')
    expect(n.vin).toBe('LSVAU218XN21832940')
    expect(n.corrections).toEqual([
      { position: 7, from: 'I', to: '1' },
      { position: 18, from: 'O', to: '0' },
    ])
  })

  it('explains corrections in decodeVin warnings and still decodes', () => {
    const d = decodeVin('LSVAU2I8XN2183294', JUNE_2026)
    expect(d.vin).toBe(SAIC_VW)
    expect(d.valid).toBe(true)
    expect(d.warnings).toEqual(['已将第7位的 I 视为 1'])

    const o = decodeVin('LSVAU218XN2183Q94', JUNE_2026)
    expect(o.vin).toBe('LSVAU218XN2183094')
    expect(o.warnings[0]).toBe('已将第15位的 Q 视为 0')
  })

  it("turns an O at position 10 into the tolerated '0'", () => {
    const d = decodeVin('LSVAU2189O2183294', JUNE_2026)
    expect(d.warnings).toEqual(['已将第10位的 O 视为 0', '第10位为0，无法确定年款'])
    expect(d.modelYear).toBeNull()
  })

  it('keeps invalid characters in place so positions still match', () => {
    const n = normalizeVin('LSV*AU2😀18')
    expect(n.vin).toBe('LSV*AU2😀18')
    expect(n.invalidChars).toEqual([
      { position: 4, char: '*' },
      { position: 8, char: '😀' },
    ])
  })

  it('upper-cases ASCII only, so ß cannot turn into valid characters', () => {
    const n = normalizeVin('LSVAUß')
    expect(n.vin).toBe('LSVAUß')
    expect(n.invalidChars).toEqual([{ position: 6, char: 'ß' }])
  })
})

describe('VIN alphabet', () => {
  it('has 33 characters and none of I, O, Q', () => {
    expect(VIN_ALPHABET).toHaveLength(33)
    expect(VIN_LENGTH).toBe(17)
    for (const ch of 'IOQ') expect(isVinChar(ch)).toBe(false)
    for (const ch of VIN_ALPHABET) expect(isVinChar(ch)).toBe(true)
  })

  it('rejects lower case, separators and multi-character strings', () => {
    for (const ch of ['a', '-', ' ', '', 'AB', 'Ａ', '京']) expect(isVinChar(ch)).toBe(false)
  })
})

describe('WMI_TABLE', () => {
  it('has at least 80 rows', () => {
    expect(WMI_TABLE.length).toBeGreaterThanOrEqual(80)
  })

  it('has unique codes', () => {
    expect(new Set(WMI_TABLE.map((row) => row.wmi)).size).toBe(WMI_TABLE.length)
  })

  it.each(WMI_TABLE.map((row) => [row.wmi, row] as const))('%s is well-formed and found', (code, row) => {
    expect(code).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/)
    expect(row.maker).toMatch(HAN)
    expect(row.country).toMatch(HAN)
    expect(HAN.test(row.brand) || LATIN_BRANDS.has(row.brand)).toBe(true)
    expect(row.brandEn.trim()).not.toBe('')
    expect(row.imported).toBe(row.country !== '中国')
    for (const brand of row.sharedWith ?? []) expect(brand).toMatch(HAN)
    expect(findWmi(`${code}AU218XN2183294`)).toBe(row)
    expect(findWmi(code.toLowerCase())).toBe(row)
  })

  it.each([
    ['LFV', '一汽-大众', '大众', '中国'],
    ['LSV', '上汽大众', '大众', '中国'],
    ['LSG', '上汽通用', '别克', '中国'],
    ['LBV', '华晨宝马', '宝马', '中国'],
    ['LE4', '北京奔驰', '奔驰', '中国'],
    ['LHG', '广汽本田', '本田', '中国'],
    ['LVG', '广汽丰田', '丰田', '中国'],
    ['LFM', '一汽丰田', '丰田', '中国'],
    ['LVS', '长安福特', '福特', '中国'],
    ['LGB', '东风日产', '日产', '中国'],
    ['LDC', '神龙汽车', '标致', '中国'],
    ['LGX', '比亚迪', '比亚迪', '中国'],
    ['LC0', '比亚迪', '比亚迪', '中国'],
    ['LB3', '吉利汽车', '吉利', '中国'],
    ['L6T', '吉利汽车', '吉利', '中国'],
    ['LS5', '长安汽车', '长安', '中国'],
    ['LRW', '特斯拉上海', '特斯拉', '中国'],
    ['LBE', '北京现代', '现代', '中国'],
    ['LJD', '东风悦达起亚', '起亚', '中国'],
    ['LZW', '上汽通用五菱', '五菱', '中国'],
    ['LVH', '东风本田', '本田', '中国'],
    ['LMG', '广汽乘用车', '传祺', '中国'],
    ['LJ1', '江淮汽车', '江淮', '中国'],
    ['WDD', '梅赛德斯-奔驰', '奔驰', '德国'],
    ['WBA', '宝马', '宝马', '德国'],
    ['WVW', '大众汽车', '大众', '德国'],
    ['WAU', '奥迪', '奥迪', '德国'],
    ['WP0', '保时捷', '保时捷', '德国'],
    ['VF3', '标致', '标致', '法国'],
    ['ZFF', '法拉利', '法拉利', '意大利'],
    ['SAL', '捷豹路虎', '路虎', '英国'],
    ['YV1', '沃尔沃汽车', '沃尔沃', '瑞典'],
    ['TMB', '斯柯达', '斯柯达', '捷克'],
    ['JTD', '丰田汽车', '丰田', '日本'],
    ['KMH', '现代汽车', '现代', '韩国'],
    ['5YJ', '特斯拉', '特斯拉', '美国'],
    ['2T1', '丰田（加拿大）', '丰田', '加拿大'],
  ])('%s is %s (%s, %s)', (code, maker, brand, country) => {
    expect(findWmi(code)).toMatchObject({ wmi: code, maker, brand, country })
  })

  it('notes the brands that share a WMI', () => {
    expect(findWmi('LFV')?.sharedWith).toContain('奥迪')
    expect(findWmi('LDC')?.sharedWith).toContain('雪铁龙')
    expect(findWmi('LSG')?.sharedWith).toEqual(expect.arrayContaining(['雪佛兰', '凯迪拉克']))
  })

  it('marks joint ventures and imports', () => {
    expect(findWmi('LFV')).toMatchObject({ jointVenture: true, imported: false })
    expect(findWmi('LGX')).toMatchObject({ jointVenture: false, imported: false })
    expect(findWmi('WDD')).toMatchObject({ jointVenture: false, imported: true })
  })

  it('finds nothing for fewer than three characters', () => {
    expect(findWmi('LF')).toBeNull()
    expect(findWmi('')).toBeNull()
  })
})
