// /ApiPage: advertises the data service (batch VIN + generic-name queries, embedded catalogue, 678 names).
// Static on purpose: visitors are often not logged in, and the page must work without any call.
import {
  ApiOutlined,
  AppstoreOutlined,
  ClockCircleOutlined,
  DatabaseOutlined,
  MailOutlined,
  PhoneOutlined,
  WechatOutlined,
} from '@ant-design/icons'
import { Button, Card, Table, type TableColumnsType, Tag } from 'antd'
import { useRef } from 'react'
import { Link } from 'react-router'
import { BRAND_NAME } from '../../../config/brand'
import {
  dataServiceHours,
  genericPartNameCount,
  operatorName,
  serviceQq,
  serviceWechat,
  supportEmail,
  supportPhone,
  supportPhoneHref,
} from '../../../config/contact'
import { paths } from '../../../config/paths'
import styles from './ApiPage.module.css'

interface RequestRow {
  vin: string
  partNames: string
}

interface ResponseRow {
  key: string
  vin: string
  genericName: string
  oeCode: string
  oeName: string
  price: string
}

const requestRows: RequestRow[] = [
  { vin: 'LSVNV2182N2000001', partNames: '机油滤清器、前刹车片' },
  { vin: 'LFV3A23C9L3000002', partNames: '空气滤清器、前雨刮片' },
]

const responseRows: ResponseRow[] = [
  {
    key: '1',
    vin: 'LSVNV2182N2000001',
    genericName: '机油滤清器',
    oeCode: '04E115561AB',
    oeName: '机油滤清器滤芯',
    price: '68.00',
  },
  {
    key: '2',
    vin: 'LSVNV2182N2000001',
    genericName: '前刹车片',
    oeCode: '5QD698151B',
    oeName: '前制动摩擦片（套）',
    price: '586.00',
  },
  {
    key: '3',
    vin: 'LFV3A23C9L3000002',
    genericName: '空气滤清器',
    oeCode: '5Q0129620D',
    oeName: '空气滤清器滤芯',
    price: '126.00',
  },
  {
    key: '4',
    vin: 'LFV3A23C9L3000002',
    genericName: '前雨刮片',
    oeCode: '5G1955425A',
    oeName: '雨刮片（套）',
    price: '238.00',
  },
]

const requestColumns: TableColumnsType<RequestRow> = [
  { title: 'VIN（17 位车架号）', dataIndex: 'vin', width: 190 },
  { title: '配件通用名称', dataIndex: 'partNames' },
]

const responseColumns: TableColumnsType<ResponseRow> = [
  { title: 'VIN', dataIndex: 'vin', width: 180 },
  { title: '配件通用名称', dataIndex: 'genericName', width: 110 },
  { title: '原厂编码（OE）', dataIndex: 'oeCode', width: 130 },
  { title: '原厂名称', dataIndex: 'oeName' },
  { title: '4S 参考价（元）', dataIndex: 'price', align: 'right', width: 130 },
]

const features = [
  {
    icon: <ApiOutlined />,
    title: 'VIN + 配件通用名称批量查询',
    text: '一次提交多组 VIN 与配件通用名称（如“机油滤清器”“前刹车片”），批量返回对应的原厂配件编码、原厂名称和 4S 参考价，适合定损核价、批量报价和商品数据整理。',
  },
  {
    icon: <AppstoreOutlined />,
    title: '嵌入式目录（EPC 嵌入）',
    text: `将${BRAND_NAME} 电子目录嵌入您的 ERP、DMS、门店管理系统或电商后台，员工无需切换系统即可按 VIN 查询配件，查询结果可直接带回您的业务单据。`,
  },
  {
    icon: <DatabaseOutlined />,
    title: `支持 ${genericPartNameCount} 个配件通用名称`,
    text: '覆盖保养件、易损件、事故件、电器件等常用品类。统一的通用名称屏蔽各品牌、各车型的命名差异，一套名称即可对应不同车辆的原厂配件。',
  },
]

const scenes = ['保险定损', '配件电商', '连锁维修门店', '配件经销商', 'ERP / DMS 软件厂商']

const flow = [
  { title: '联系商务', text: '说明您的业务场景、查询规模和接入方式。' },
  { title: '评估与试用', text: '提供测试账号和样例数据，验证匹配效果。' },
  { title: '签约开通', text: '确认服务方案并签署协议，开通正式账号。' },
  { title: '对接上线', text: '技术人员协助完成对接，正式投入使用。' },
]

export default function ApiPage() {
  const exampleRef = useRef<HTMLElement>(null)

  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <div className={`${styles.container} ${styles.topInner}`}>
          <Link to={paths.root} className={styles.brand}>
            <img src="/favicon.svg" alt="" />
            {BRAND_NAME}
          </Link>
          <a href={supportPhoneHref} className={styles.topPhone}>
            <PhoneOutlined /> <span className={styles.topPhoneLabel}>商务咨询 </span>
            {supportPhone}
          </a>
        </div>
      </header>

      <section className={styles.hero}>
        <div className={styles.container}>
          <span className={styles.eyebrow}>数据服务</span>
          <h1 className={styles.heroTitle}>汽车配件数据服务</h1>
          <p className={styles.heroText}>
            把原厂配件数据接入您的系统：按 VIN
            与配件通用名称批量匹配原厂编码，或把电子目录直接嵌入您的业务软件，让报价、定损和采购更快更准。
          </p>
          <div className={styles.heroActions}>
            <Button type="primary" size="large" icon={<PhoneOutlined />} href={supportPhoneHref}>
              联系商务
            </Button>
            <Button
              size="large"
              ghost
              onClick={() => exampleRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              查看数据示例
            </Button>
          </div>
          <div className={styles.stats}>
            <div className={styles.stat}>
              <div className={styles.statValue}>{genericPartNameCount}</div>
              <div className={styles.statLabel}>个配件通用名称</div>
            </div>
            <div className={styles.stat}>
              <div className={styles.statValue}>VIN</div>
              <div className={styles.statLabel}>17 位车架号精准匹配</div>
            </div>
            <div className={styles.stat}>
              <div className={styles.statValue}>批量</div>
              <div className={styles.statLabel}>多车辆、多配件一次提交</div>
            </div>
          </div>
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.container}>
          <h2 className={styles.sectionTitle}>服务内容</h2>
          <p className={styles.sectionLead}>按您的业务方式选择批量查询或嵌入式目录，也可以组合使用。</p>
          <div className={styles.features}>
            {features.map((feature) => (
              <Card key={feature.title} className={styles.feature}>
                <span className={styles.featureIcon}>{feature.icon}</span>
                <h3 className={styles.featureTitle}>{feature.title}</h3>
                <p className={styles.featureText}>{feature.text}</p>
              </Card>
            ))}
          </div>
          <div className={styles.scenes}>
            <span>适用于：</span>
            {scenes.map((scene) => (
              <Tag key={scene} color="orange">
                {scene}
              </Tag>
            ))}
          </div>
        </div>
      </section>

      <section ref={exampleRef} className={styles.section}>
        <div className={styles.container}>
          <h2 className={styles.sectionTitle}>数据示例</h2>
          <p className={styles.sectionLead}>提交 VIN 与需要的配件通用名称，按行返回匹配到的原厂配件。</p>
          <div className={styles.exampleGrid}>
            <Card title="提交内容">
              <Table<RequestRow>
                rowKey="vin"
                size="small"
                columns={requestColumns}
                dataSource={requestRows}
                pagination={false}
              />
            </Card>
            <Card title="返回结果">
              <Table<ResponseRow>
                size="small"
                columns={responseColumns}
                dataSource={responseRows}
                pagination={false}
                scroll={{ x: 640 }}
              />
            </Card>
          </div>
          <p className={styles.exampleNote}>
            以上为示例数据，仅用于说明数据格式；实际返回字段以接入文档为准，价格等信息仅供参考。
          </p>
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.container}>
          <h2 className={styles.sectionTitle}>接入流程</h2>
          <p className={styles.sectionLead}>从咨询到上线，全程有专人对接。</p>
          <ol className={styles.flow}>
            {flow.map((step, index) => (
              <li key={step.title} className={styles.flowStep}>
                <span className={styles.flowNumber}>{index + 1}</span>
                <h3 className={styles.flowTitle}>{step.title}</h3>
                <p className={styles.flowText}>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.container}>
          <h2 className={styles.sectionTitle}>联系我们</h2>
          <p className={styles.sectionLead}>欢迎来电或添加客服微信咨询数据服务方案与报价。</p>
          <Card>
            <div className={styles.contact}>
              <div className={styles.contactItem}>
                <PhoneOutlined className={styles.contactIcon} />
                <div>
                  <div className={styles.contactLabel}>商务电话</div>
                  <a href={supportPhoneHref} className={styles.contactValue}>
                    {supportPhone}
                  </a>
                </div>
              </div>
              <div className={styles.contactItem}>
                <WechatOutlined className={styles.contactIcon} />
                <div>
                  <div className={styles.contactLabel}>客服微信</div>
                  <div className={styles.contactValue}>{serviceWechat}</div>
                  {serviceQq && <div className={styles.contactLabel}>客服 QQ：{serviceQq}</div>}
                </div>
              </div>
              <div className={styles.contactItem}>
                <MailOutlined className={styles.contactIcon} />
                <div>
                  <div className={styles.contactLabel}>电子邮箱</div>
                  <a href={`mailto:${supportEmail}`} className={styles.contactValue}>
                    {supportEmail}
                  </a>
                </div>
              </div>
              <div className={styles.contactItem}>
                <ClockCircleOutlined className={styles.contactIcon} />
                <div>
                  <div className={styles.contactLabel}>服务时间</div>
                  <div className={styles.contactValue}>{dataServiceHours}</div>
                </div>
              </div>
            </div>
          </Card>
        </div>
      </section>

      <footer className={styles.footer}>
        <div className={`${styles.container} ${styles.footerInner}`}>
          <span>{operatorName}</span>
          <span className={styles.footerLinks}>
            <Link to={paths.vereinbarung}>用户服务协议</Link>
            <Link to={paths.datenschutz}>隐私政策</Link>
          </span>
        </div>
      </footer>
    </div>
  )
}
