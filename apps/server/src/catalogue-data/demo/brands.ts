// The demo catalogue's makers, brands, series and models: real marques sold in mainland China, so a fresh
// start shows what a parts counter knows. The numbers and VIN patterns are made up in each maker's style.

export type NumberStyle = 'vw' | 'toyota' | 'honda' | 'benz' | 'nissan' | 'gm'

export interface BrandGroupSpec {
  code: string
  name: string
  style: NumberStyle
}

export interface ManufacturerSpec {
  code: string
  name: string
  country: string
  wmi: string
  /** The plant letter at VIN position 11. */
  plant: string
}

export interface ModelSpec {
  /** Trim and year of the model name, after the series name. */
  trim: string
  year: number
  engine: string
  transmission: string
  /** VIN positions 4-8; trims that share one are told apart only by the user's choice. */
  vds: string
}

export interface SeriesSpec {
  code: string
  name: string
  /** Platform code used in this series' part numbers. */
  platform: string
  manufacturer: string
  models: ModelSpec[]
}

export interface BrandSpec {
  number: string
  name: string
  nameEn: string
  initial: string
  group: string
  imported: boolean
  series: SeriesSpec[]
}

export const BRAND_GROUPS: BrandGroupSpec[] = [
  { code: 'vw', name: '大众', style: 'vw' },
  { code: 'toyota', name: '丰田', style: 'toyota' },
  { code: 'honda', name: '本田', style: 'honda' },
  { code: 'benz', name: '奔驰', style: 'benz' },
  { code: 'nissan', name: '日产', style: 'nissan' },
  { code: 'buick', name: '别克', style: 'gm' },
]

export const MANUFACTURERS: ManufacturerSpec[] = [
  { code: 'faw-vw', name: '一汽-大众', country: '中国', wmi: 'LFV', plant: 'C' },
  { code: 'saic-vw', name: '上汽大众', country: '中国', wmi: 'LSV', plant: 'A' },
  { code: 'vw-de', name: '大众汽车（德国）', country: '德国', wmi: 'WVW', plant: 'W' },
  { code: 'faw-toyota', name: '一汽丰田', country: '中国', wmi: 'LFM', plant: 'T' },
  { code: 'gac-toyota', name: '广汽丰田', country: '中国', wmi: 'LVG', plant: 'G' },
  { code: 'toyota-jp', name: '丰田汽车（日本）', country: '日本', wmi: 'JTD', plant: 'J' },
  { code: 'gac-honda', name: '广汽本田', country: '中国', wmi: 'LHG', plant: 'G' },
  { code: 'dongfeng-honda', name: '东风本田', country: '中国', wmi: 'LVH', plant: 'W' },
  { code: 'bbac', name: '北京奔驰', country: '中国', wmi: 'LE4', plant: 'B' },
  { code: 'mb-de', name: '梅赛德斯-奔驰（德国）', country: '德国', wmi: 'WDD', plant: 'A' },
  { code: 'dongfeng-nissan', name: '东风日产', country: '中国', wmi: 'LGB', plant: 'H' },
  { code: 'saic-gm', name: '上汽通用', country: '中国', wmi: 'LSG', plant: 'S' },
]

export const BRANDS: BrandSpec[] = [
  {
    number: 'FV',
    name: '一汽-大众',
    nameEn: 'FAW-Volkswagen',
    initial: 'D',
    group: 'vw',
    imported: false,
    series: [
      {
        code: 'FV-SAGITAR',
        name: '速腾',
        platform: '5Q0',
        manufacturer: 'faw-vw',
        models: [
          {
            trim: '2019款 280TSI DSG 舒适型',
            year: 2019,
            engine: 'EA211 1.4T',
            transmission: '7速双离合',
            vds: 'BA41K',
          },
          {
            trim: '2019款 280TSI DSG 豪华型',
            year: 2019,
            engine: 'EA211 1.4T',
            transmission: '7速双离合',
            vds: 'BA41K',
          },
          {
            trim: '2022款 300TSI DSG 超越版',
            year: 2022,
            engine: 'EA211 1.5T',
            transmission: '7速双离合',
            vds: 'BA52K',
          },
        ],
      },
      {
        code: 'FV-MAGOTAN',
        name: '迈腾',
        platform: '3G0',
        manufacturer: 'faw-vw',
        models: [
          {
            trim: '2020款 330TSI DSG 领先型',
            year: 2020,
            engine: 'EA888 2.0T',
            transmission: '7速双离合',
            vds: 'BA63G',
          },
          {
            trim: '2023款 380TSI DSG 旗舰型',
            year: 2023,
            engine: 'EA888 2.0T',
            transmission: '7速双离合',
            vds: 'BA73G',
          },
        ],
      },
      {
        code: 'FV-BORA',
        name: '宝来',
        platform: '5G0',
        manufacturer: 'faw-vw',
        models: [
          {
            trim: '2021款 1.5L 自动舒适智联版',
            year: 2021,
            engine: 'EA211 1.5L',
            transmission: '6速手自一体',
            vds: 'BA2AB',
          },
        ],
      },
      {
        code: 'FV-TAYRON',
        name: '探岳',
        platform: '5NG',
        manufacturer: 'faw-vw',
        models: [
          {
            trim: '2020款 330TSI 两驱豪华型',
            year: 2020,
            engine: 'EA888 2.0T',
            transmission: '7速双离合',
            vds: 'BC61N',
          },
        ],
      },
    ],
  },
  {
    number: 'SV',
    name: '上汽大众',
    nameEn: 'SAIC Volkswagen',
    initial: 'D',
    group: 'vw',
    imported: false,
    series: [
      {
        code: 'SV-PASSAT',
        name: '帕萨特',
        platform: '3GD',
        manufacturer: 'saic-vw',
        models: [
          {
            trim: '2019款 330TSI DSG 豪华版',
            year: 2019,
            engine: 'EA888 2.0T',
            transmission: '7速双离合',
            vds: 'AA63C',
          },
          {
            trim: '2022款 330TSI 精英版',
            year: 2022,
            engine: 'EA888 2.0T',
            transmission: '7速双离合',
            vds: 'AA73C',
          },
        ],
      },
      {
        code: 'SV-LAVIDA',
        name: '朗逸',
        platform: '18G',
        manufacturer: 'saic-vw',
        models: [
          {
            trim: '2020款 1.5L 自动舒适版',
            year: 2020,
            engine: 'EA211 1.5L',
            transmission: '6速手自一体',
            vds: 'AB2AB',
          },
          {
            trim: '2021款 280TSI DSG 豪华版',
            year: 2021,
            engine: 'EA211 1.4T',
            transmission: '7速双离合',
            vds: 'AB41B',
          },
        ],
      },
      {
        code: 'SV-TIGUANL',
        name: '途观L',
        platform: '5NA',
        manufacturer: 'saic-vw',
        models: [
          {
            trim: '2021款 330TSI 自动两驱智享版',
            year: 2021,
            engine: 'EA888 2.0T',
            transmission: '7速双离合',
            vds: 'AD61N',
          },
        ],
      },
    ],
  },
  {
    number: 'IV',
    name: '大众（进口）',
    nameEn: 'Volkswagen Import',
    initial: 'D',
    group: 'vw',
    imported: true,
    series: [
      {
        code: 'IV-TOUAREG',
        name: '途锐',
        platform: '760',
        manufacturer: 'vw-de',
        models: [
          {
            trim: '2020款 3.0TSI 锐智版',
            year: 2020,
            engine: 'EA839 3.0T',
            transmission: '8速手自一体',
            vds: 'ZZZCR',
          },
        ],
      },
    ],
  },
  {
    number: 'FT',
    name: '一汽丰田',
    nameEn: 'FAW Toyota',
    initial: 'F',
    group: 'toyota',
    imported: false,
    series: [
      {
        code: 'FT-COROLLA',
        name: '卡罗拉',
        platform: '02',
        manufacturer: 'faw-toyota',
        models: [
          {
            trim: '2019款 1.2T S-CVT GL先锋版',
            year: 2019,
            engine: '9NR-FTS 1.2T',
            transmission: 'CVT无级变速',
            vds: 'B3EE1',
          },
          {
            trim: '2021款 双擎 1.8L E-CVT 精英版',
            year: 2021,
            engine: '8ZR-FXE 1.8L 混动',
            transmission: 'E-CVT',
            vds: 'B4EH1',
          },
        ],
      },
      {
        code: 'FT-AVALON',
        name: '亚洲龙',
        platform: '07',
        manufacturer: 'faw-toyota',
        models: [
          {
            trim: '2022款 2.5L 豪华版',
            year: 2022,
            engine: 'A25A-FKS 2.5L',
            transmission: '8速手自一体',
            vds: 'C8FK2',
          },
        ],
      },
      {
        code: 'FT-RAV4',
        name: 'RAV4荣放',
        platform: '42',
        manufacturer: 'faw-toyota',
        models: [
          {
            trim: '2020款 2.0L CVT两驱风尚版',
            year: 2020,
            engine: 'M20C-FKS 2.0L',
            transmission: 'CVT无级变速',
            vds: 'A3RF1',
          },
        ],
      },
    ],
  },
  {
    number: 'GT',
    name: '广汽丰田',
    nameEn: 'GAC Toyota',
    initial: 'F',
    group: 'toyota',
    imported: false,
    series: [
      {
        code: 'GT-CAMRY',
        name: '凯美瑞',
        platform: '33',
        manufacturer: 'gac-toyota',
        models: [
          {
            trim: '2018款 2.5G 豪华版',
            year: 2018,
            engine: 'A25A-FKS 2.5L',
            transmission: '8速手自一体',
            vds: 'AB8FK',
          },
          {
            trim: '2021款 2.0G 豪华版',
            year: 2021,
            engine: 'M20C-FKS 2.0L',
            transmission: 'CVT无级变速',
            vds: 'AB3FK',
          },
        ],
      },
      {
        code: 'GT-LEVIN',
        name: '雷凌',
        platform: '12',
        manufacturer: 'gac-toyota',
        models: [
          {
            trim: '2021款 1.5L CVT进取版',
            year: 2021,
            engine: 'M15B 1.5L',
            transmission: 'CVT无级变速',
            vds: 'BE3EB',
          },
        ],
      },
      {
        code: 'GT-HIGHLANDER',
        name: '汉兰达',
        platform: '0E',
        manufacturer: 'gac-toyota',
        models: [
          {
            trim: '2022款 双擎 2.5L 四驱精英版',
            year: 2022,
            engine: 'A25B-FXS 2.5L 混动',
            transmission: 'E-CVT',
            vds: 'GD4FX',
          },
        ],
      },
    ],
  },
  {
    number: 'IT',
    name: '丰田（进口）',
    nameEn: 'Toyota Import',
    initial: 'F',
    group: 'toyota',
    imported: true,
    series: [
      {
        code: 'IT-ALPHARD',
        name: '埃尔法',
        platform: '58',
        manufacturer: 'toyota-jp',
        models: [
          {
            trim: '2021款 双擎 2.5L 尊贵版',
            year: 2021,
            engine: '2AR-FXE 2.5L 混动',
            transmission: 'E-CVT',
            vds: 'GZ3HX',
          },
        ],
      },
    ],
  },
  {
    number: 'GH',
    name: '广汽本田',
    nameEn: 'GAC Honda',
    initial: 'B',
    group: 'honda',
    imported: false,
    series: [
      {
        code: 'GH-ACCORD',
        name: '雅阁',
        platform: 'TVA',
        manufacturer: 'gac-honda',
        models: [
          {
            trim: '2018款 230TURBO 舒适版',
            year: 2018,
            engine: 'L15BF 1.5T',
            transmission: 'CVT无级变速',
            vds: 'CV163',
          },
          {
            trim: '2020款 260TURBO 尊贵版',
            year: 2020,
            engine: 'L15BF 1.5T',
            transmission: 'CVT无级变速',
            vds: 'CV263',
          },
        ],
      },
      {
        code: 'GH-FIT',
        name: '飞度',
        platform: 'T5A',
        manufacturer: 'gac-honda',
        models: [
          {
            trim: '2021款 1.5L CVT潮跑版',
            year: 2021,
            engine: 'L15B 1.5L',
            transmission: 'CVT无级变速',
            vds: 'GR533',
          },
        ],
      },
      {
        code: 'GH-VEZEL',
        name: '缤智',
        platform: 'T7A',
        manufacturer: 'gac-honda',
        models: [
          {
            trim: '2020款 1.5L CVT先锋版',
            year: 2020,
            engine: 'L15B 1.5L',
            transmission: 'CVT无级变速',
            vds: 'RU543',
          },
        ],
      },
    ],
  },
  {
    number: 'DH',
    name: '东风本田',
    nameEn: 'Dongfeng Honda',
    initial: 'B',
    group: 'honda',
    imported: false,
    series: [
      {
        code: 'DH-CIVIC',
        name: '思域',
        platform: 'TBA',
        manufacturer: 'dongfeng-honda',
        models: [
          {
            trim: '2019款 220TURBO CVT劲擎版',
            year: 2019,
            engine: 'L15B8 1.5T',
            transmission: 'CVT无级变速',
            vds: 'FC163',
          },
          {
            trim: '2022款 240TURBO CVT极劲版',
            year: 2022,
            engine: 'L15CD 1.5T',
            transmission: 'CVT无级变速',
            vds: 'FE163',
          },
        ],
      },
      {
        code: 'DH-CRV',
        name: 'CR-V',
        platform: 'TLA',
        manufacturer: 'dongfeng-honda',
        models: [
          {
            trim: '2021款 240TURBO CVT两驱舒适版',
            year: 2021,
            engine: 'L15BZ 1.5T',
            transmission: 'CVT无级变速',
            vds: 'RW163',
          },
        ],
      },
    ],
  },
  {
    number: 'BZ',
    name: '奔驰',
    nameEn: 'Mercedes-Benz',
    initial: 'B',
    group: 'benz',
    imported: false,
    series: [
      {
        code: 'BZ-C',
        name: 'C级',
        platform: '205',
        manufacturer: 'bbac',
        models: [
          {
            trim: '2019款 C260L 运动版',
            year: 2019,
            engine: 'M264 1.5T',
            transmission: '9速手自一体',
            vds: 'WF4HB',
          },
          {
            trim: '2022款 C200L 时尚型',
            year: 2022,
            engine: 'M254 1.5T',
            transmission: '9速手自一体',
            vds: 'WH2KB',
          },
        ],
      },
      {
        code: 'BZ-E',
        name: 'E级',
        platform: '213',
        manufacturer: 'bbac',
        models: [
          {
            trim: '2020款 E300L 豪华型',
            year: 2020,
            engine: 'M264 2.0T',
            transmission: '9速手自一体',
            vds: 'WJ5HB',
          },
        ],
      },
      {
        code: 'BZ-GLC',
        name: 'GLC',
        platform: '253',
        manufacturer: 'bbac',
        models: [
          {
            trim: '2021款 GLC260L 4MATIC 动感型',
            year: 2021,
            engine: 'M264 2.0T',
            transmission: '9速手自一体',
            vds: 'ZF4KB',
          },
        ],
      },
      {
        code: 'BZ-S',
        name: 'S级（进口）',
        platform: '223',
        manufacturer: 'mb-de',
        models: [
          {
            trim: '2021款 S450L 4MATIC',
            year: 2021,
            engine: 'M256 3.0T 轻混',
            transmission: '9速手自一体',
            vds: 'UG8EB',
          },
        ],
      },
    ],
  },
  {
    number: 'DN',
    name: '东风日产',
    nameEn: 'Dongfeng Nissan',
    initial: 'R',
    group: 'nissan',
    imported: false,
    series: [
      {
        code: 'DN-SYLPHY',
        name: '轩逸',
        platform: '3RA',
        manufacturer: 'dongfeng-nissan',
        models: [
          {
            trim: '2019款 1.6XE CVT舒适版',
            year: 2019,
            engine: 'HR16 1.6L',
            transmission: 'CVT无级变速',
            vds: 'BB4AB',
          },
          {
            trim: '2021款 1.6L CVT悦享版',
            year: 2021,
            engine: 'HR16 1.6L',
            transmission: 'CVT无级变速',
            vds: 'BE4AB',
          },
        ],
      },
      {
        code: 'DN-TEANA',
        name: '天籁',
        platform: '6CA',
        manufacturer: 'dongfeng-nissan',
        models: [
          {
            trim: '2019款 2.0L XL 舒适版',
            year: 2019,
            engine: 'MR20 2.0L',
            transmission: 'CVT无级变速',
            vds: 'BL3CC',
          },
        ],
      },
      {
        code: 'DN-XTRAIL',
        name: '奇骏',
        platform: '4BA',
        manufacturer: 'dongfeng-nissan',
        models: [
          {
            trim: '2021款 2.0L CVT 2WD XL Premium',
            year: 2021,
            engine: 'MR20 2.0L',
            transmission: 'CVT无级变速',
            vds: 'AT3CC',
          },
        ],
      },
    ],
  },
  {
    number: 'SB',
    name: '上汽通用别克',
    nameEn: 'SAIC-GM Buick',
    initial: 'B',
    group: 'buick',
    imported: false,
    series: [
      {
        code: 'SB-EXCELLE',
        name: '英朗',
        platform: '26',
        manufacturer: 'saic-gm',
        models: [
          {
            trim: '2019款 15N 自动精英型',
            year: 2019,
            engine: 'L2B 1.5L',
            transmission: '6速手自一体',
            vds: 'PA5E5',
          },
        ],
      },
      {
        code: 'SB-REGAL',
        name: '君威',
        platform: '39',
        manufacturer: 'saic-gm',
        models: [
          {
            trim: '2020款 552T 豪华型',
            year: 2020,
            engine: 'LFV 1.5T',
            transmission: '7速双离合',
            vds: 'ZS5S5',
          },
        ],
      },
      {
        code: 'SB-GL8',
        name: 'GL8',
        platform: '84',
        manufacturer: 'saic-gm',
        models: [
          {
            trim: '2021款 ES陆尊 653T 豪华型',
            year: 2021,
            engine: 'LXH 2.0T',
            transmission: '9速手自一体',
            vds: 'ZG5S7',
          },
        ],
      },
    ],
  },
]
