// Collision zones (事故部位) on the car outline for the demo's 事故车 quote: picking a zone lists the parts a
// body shop usually replaces after a hit there.
import type { Position } from '../../modules/catalogue/position'

export interface AccidentZoneSpec {
  // Dotted path: 'front' is a top zone, 'front.bumper' one of its sub zones.
  code: string
  name: string
  parent?: string
  // Where the zone is when its name's position words do not say it (左侧围/后翼子板 is at the left rear); a sub
  // zone takes the side or end it leaves open from its parent (发动机盖区 is at the front).
  position?: Position
  // Generic names, hence side-neutral (前门外板, never 左前门外板): a zone reaches the parts of these names
  // whose fitment position agrees with the zone's own (modules/catalogue/position.ts). A top zone lists what
  // lies behind all of its sub zones (structure, airbags, headliner), so a hit anywhere in the area can add it.
  names: string[]
}

// Left and right share one list of parts, so the two sides cannot drift apart.
function side(code: 'left' | 'right', label: '左' | '右'): AccidentZoneSpec[] {
  return [
    {
      code,
      name: `${label}侧`,
      names: ['门槛外板', 'B柱外饰板', 'B柱饰板', '侧气帘', '侧气囊', '碰撞传感器'],
    },
    {
      code: `${code}.frontDoor`,
      name: `${label}前门`,
      parent: code,
      names: [
        '前门总成',
        '前门外板',
        '车门外把手',
        '车门外把手盖',
        '车门锁',
        '车门铰链',
        '车门玻璃',
        '玻璃升降器',
        '车门外水切',
        '车门饰条',
        '车门密封条',
        '车门内饰板',
      ],
    },
    {
      code: `${code}.rearDoor`,
      name: `${label}后门`,
      parent: code,
      names: [
        '后门总成',
        '后门外板',
        '车门外把手',
        '车门外把手盖',
        '车门锁',
        '车门铰链',
        '车门玻璃',
        '车门三角窗玻璃',
        '玻璃升降器',
        '车门外水切',
        '车门饰条',
        '车门内饰板',
      ],
    },
    {
      code: `${code}.mirror`,
      name: `${label}后视镜`,
      parent: code,
      names: ['外后视镜总成', '外后视镜镜片', '外后视镜外壳', '外后视镜转向灯', '外后视镜电机'],
    },
    {
      code: `${code}.quarter`,
      name: `${label}侧围/后翼子板`,
      parent: code,
      position: `${label}后`,
      names: ['后翼子板', '翼子板内衬', '轮眉', '加油口盖板', '尾灯总成', '后保险杠支架'],
    },
    {
      code: `${code}.sill`,
      name: `${label}侧裙边`,
      parent: code,
      names: ['侧裙板', '门槛外板', '门槛压条', '膨胀卡扣'],
    },
    {
      code: `${code}.wheel`,
      name: `${label}侧车轮及悬架`,
      parent: code,
      names: [
        '车轮',
        '轮胎',
        '车轮中心盖',
        '下摆臂',
        '转向节',
        '转向拉杆球头',
        '减震器',
        '稳定杆连杆',
        '半轴',
      ],
    },
  ]
}

export const ACCIDENT_ZONES: AccidentZoneSpec[] = [
  { code: 'front', name: '前部', names: ['前纵梁', '吸能盒', '前减震器座', '前围板'] },
  {
    code: 'front.bumper',
    name: '前保险杠区',
    parent: 'front',
    names: [
      '前保险杠皮',
      '前保险杠骨架',
      '前保险杠吸能块',
      '前保险杠支架',
      '进气格栅',
      '前保险杠下格栅',
      '前保险杠下导流板',
      '前雾灯',
      '雾灯饰框',
      '拖车钩盖',
      '车标',
      '牌照板',
      '倒车雷达探头',
      '毫米波雷达',
      '膨胀卡扣',
    ],
  },
  {
    code: 'front.headlamp',
    name: '前大灯区',
    parent: 'front',
    names: ['前大灯总成', '大灯支架', '大灯灯罩', '日间行车灯', '大灯清洗喷嘴'],
  },
  {
    code: 'front.hood',
    name: '发动机盖区',
    parent: 'front',
    names: ['发动机盖', '发动机盖铰链', '发动机盖锁', '发动机盖撑杆', '发动机盖隔音棉', '发动机盖密封条'],
  },
  {
    code: 'front.fender',
    name: '前翼子板区',
    parent: 'front',
    names: ['翼子板', '翼子板内衬', '翼子板支架', '侧转向灯', '轮眉'],
  },
  {
    code: 'front.radiator',
    name: '水箱框架/散热器区',
    parent: 'front',
    names: [
      '散热器框架',
      '散热器上横梁',
      '散热器',
      '散热器支架',
      '冷凝器',
      '中冷器',
      '冷却风扇',
      '冷却风扇护罩',
      '发动机盖锁',
      '空调制冷剂',
      '冷却液',
    ],
  },
  {
    code: 'front.windshield',
    name: '前挡风玻璃',
    parent: 'front',
    names: ['前挡风玻璃', '挡风玻璃密封条', '风挡玻璃胶', '前风窗下饰板', '雨刮臂', '雨刮片', '雨量传感器'],
  },

  { code: 'rear', name: '后部', names: ['后围板', '后地板', '吸能盒'] },
  {
    code: 'rear.bumper',
    name: '后保险杠区',
    parent: 'rear',
    names: [
      '后保险杠皮',
      '后保险杠骨架',
      '后保险杠吸能块',
      '后保险杠支架',
      '后保险杠下饰板',
      '后保险杠反光片',
      '后雾灯',
      '倒车雷达探头',
      '后保险杠线束',
      '拖车钩盖',
      '膨胀卡扣',
    ],
  },
  {
    code: 'rear.lamp',
    name: '尾灯区',
    parent: 'rear',
    names: ['尾灯总成', '尾灯密封垫', '倒车灯', '牌照灯'],
  },
  {
    code: 'rear.trunk',
    name: '行李箱盖/尾门区',
    parent: 'rear',
    names: [
      '行李箱盖',
      '行李箱盖铰链',
      '行李箱盖撑杆',
      '行李箱盖锁',
      '行李箱盖密封条',
      '后扰流板',
      '车标',
      '车型字标',
      '牌照板',
      '高位制动灯',
      '倒车影像摄像头',
    ],
  },
  {
    code: 'rear.glass',
    name: '后挡风玻璃',
    parent: 'rear',
    names: ['后挡风玻璃', '挡风玻璃密封条', '风挡玻璃胶', '雨刮臂', '雨刮片'],
  },
  {
    code: 'rear.floor',
    name: '后围及行李箱地板',
    parent: 'rear',
    names: ['后围板', '后地板', '备胎盖板', '行李箱地毯', '消声器', '排气管尾喉'],
  },

  ...side('left', '左'),
  ...side('right', '右'),

  { code: 'roof', name: '车顶', names: ['顶棚', '阅读灯', '室内灯', '车顶拉手'] },
  {
    code: 'roof.panel',
    name: '车顶外板',
    parent: 'roof',
    names: ['车顶外板', '顶棚', '天线'],
  },
  {
    code: 'roof.sunroof',
    name: '天窗',
    parent: 'roof',
    names: ['天窗玻璃', '天窗密封条', '天窗遮阳帘', '天窗电机', '天窗排水管'],
  },
  {
    code: 'roof.trim',
    name: '车顶饰条及行李架',
    parent: 'roof',
    names: ['车顶饰条', '车顶行李架'],
  },
  {
    code: 'roof.pillar',
    name: 'A柱及车顶边梁',
    parent: 'roof',
    names: ['前挡风玻璃', 'A柱饰板', '车顶饰条', '侧气帘'],
  },
]
