// /ApiPage: advertises the data service as it is: the open API's calls (VIN + generic-name batches and jobs,
// VIN decoding, part numbers, the generic-name list), the embedded catalogue, per-item metering, test keys,
// and links to the API docs
// (served by the server) and to the owner's key page. Static on purpose: visitors are often not logged in,
// and the page must work without any call; its figures come from the shared DataServiceLimits.
import {
  ApiOutlined,
  BarcodeOutlined,
  CarOutlined,
  ClockCircleOutlined,
  FileTextOutlined,
  KeyOutlined,
  MailOutlined,
  PhoneOutlined,
  UnorderedListOutlined,
  WechatOutlined,
} from '@ant-design/icons'
import { DataServiceLimits } from '@epc/shared'
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
import { paths, serverPaths } from '../../../config/paths'
import { serverUrl } from '../../../config/sites'
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
  { title: '参考价（元）', dataIndex: 'price', align: 'right', width: 110 },
]

const L = DataServiceLimits

/** The open API's calls, as they exist (docs/open-api.md). */
const features = [
  {
    icon: <ApiOutlined />,
    title: 'VIN + 配件通用名称批量查询',
    call: 'POST /open/v1/parts/by-name',
    text: `每次最多提交 ${L.itemsPerRequest} 个 VIN，每个 VIN 最多 ${L.namesPerItem} 个配件通用名称（如“机油滤清器”“前刹车片”），返回匹配车型下的原厂配件编码、原厂名称、用量、所在图示、参考价和替换编码，适合定损核价、批量报价和商品数据整理。`,
  },
  {
    icon: <CarOutlined />,
    title: 'VIN 解析',
    call: 'POST /open/v1/vin/decode',
    text: `每次最多 ${L.vinsPerRequest} 个 VIN，返回厂家、品牌、产地、年款和校验位结果，以及目录中匹配的车型（车系、发动机、变速箱等）。`,
  },
  {
    icon: <BarcodeOutlined />,
    title: '配件编码查询',
    call: 'POST /open/v1/parts/lookup',
    text: `每次最多 ${L.numbersPerRequest} 个配件编码，返回现行编码、原厂名称、配件通用名称、参考价和替换件，旧编码会标明已被替换。`,
  },
  {
    icon: <ClockCircleOutlined />,
    title: '大批量异步任务',
    call: 'POST /open/v1/jobs/parts-by-name',
    text: `一次提交最多 ${L.pairsPerJob.toLocaleString()} 个 VIN 与配件名称组合，后台分批查询，可随时查看进度，完成后以 JSON 或 CSV（Excel 可直接打开）取回结果；计费同批量查询，结果保存 7 天。`,
  },
  {
    icon: <UnorderedListOutlined />,
    title: `${genericPartNameCount} 个配件通用名称`,
    call: 'GET /open/v1/names',
    text: '覆盖保养件、易损件、事故件、电器件等常用品类，附拼音、首字母和常见别称。统一的通用名称屏蔽各品牌、各车型的命名差异；获取名称列表不计费。',
  },
]

const billing = [
  {
    title: '按条计费',
    text: '查到数据的条目每条扣 1 条；未查到、格式不正确的条目不计费。计费接口的每次应答都会返回本次扣除的条数和剩余条数。',
  },
  {
    title: '免费试用',
    text: '每个企业可免费领取一次 100 条试用，用完后在个人中心购买条数包。',
  },
  {
    title: '测试密钥',
    text: '测试密钥只查询演示目录、不扣条数，便于开发联调；上线时换用正式密钥即可。',
  },
  {
    title: '安全可控',
    text: '每个请求用 AppSecret 做 HMAC-SHA256 签名并带时间戳和一次性随机串；密钥可限定来源 IP，随时重置或停用。',
  },
]

const embed = [
  {
    title: '一次性链接',
    text: `您的服务器用正式密钥签名调用 POST /open/v1/embed/sessions，为一个车架号生成嵌入链接；链接须在 ${L.embedLinkTtlMs / 60_000} 分钟内打开，且只能打开一次。测试密钥不能生成嵌入链接。`,
  },
  {
    title: '在您的页面中打开',
    text: `链接在您系统页面的 iframe 中打开，只有密钥“嵌入来源”中填写的网站可以嵌入；打开后 ${L.embedSessionTtlMs / 3_600_000} 小时内可查看该车的配件目录、图示和配件清单。`,
  },
  {
    title: '按条计费',
    text: '嵌入目录中的每次查询（车架号、配件目录、图示、配件搜索）各扣 1 条，缩略图不计费；条数用完时嵌入目录会提示。',
  },
]

const scenes = ['保险定损', '配件电商', '连锁维修门店', '配件经销商', 'ERP / DMS 软件厂商']

const flow = [
  { title: '注册企业账号', text: '注册后即为企业主账号，可管理数据服务。' },
  { title: '创建密钥', text: '在个人中心的“数据服务”页新建密钥，AppSecret 只在创建时显示一次。' },
  { title: '领取试用或购买条数', text: '领取 100 条免费试用，或购买条数包。' },
  { title: '按文档对接', text: '先用测试密钥联调，再换用正式密钥上线，用量可在“数据服务”页查看。' },
]

export default function ApiPage() {
  const exampleRef = useRef<HTMLElement>(null)
  const docsUrl = serverUrl(serverPaths.openApiDocs)

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
            通过开放接口（API）把原厂配件数据接入您的系统：按 VIN 与配件通用名称批量匹配原厂编码，解析
            VIN，查询配件编码。注册后即可自助创建密钥，按条计费，让报价、定损和采购更快更准。
          </p>
          <div className={styles.heroActions}>
            <Button
              type="primary"
              size="large"
              icon={<FileTextOutlined />}
              href={docsUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              接口文档
            </Button>
            <Link to={paths.userDataService}>
              <Button size="large" ghost icon={<KeyOutlined />}>
                管理密钥
              </Button>
            </Link>
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
              <div className={styles.statValue}>{L.vinsPerRequest}</div>
              <div className={styles.statLabel}>每次请求最多 VIN 数</div>
            </div>
            <div className={styles.stat}>
              <div className={styles.statValue}>按条</div>
              <div className={styles.statLabel}>计费，未查到不计费</div>
            </div>
          </div>
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.container}>
          <h2 className={styles.sectionTitle}>服务内容</h2>
          <p className={styles.sectionLead}>
            JSON 格式请求与应答，签名、字段和错误码见
            <a href={docsUrl} target="_blank" rel="noopener noreferrer">
              接口文档
            </a>
            。
          </p>
          <div className={styles.features}>
            {features.map((feature) => (
              <Card key={feature.title} className={styles.feature}>
                <span className={styles.featureIcon}>{feature.icon}</span>
                <h3 className={styles.featureTitle}>{feature.title}</h3>
                <code className={styles.featureCall}>{feature.call}</code>
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

      <section className={styles.section}>
        <div className={styles.container}>
          <h2 className={styles.sectionTitle}>嵌入目录</h2>
          <p className={styles.sectionLead}>
            不必自己开发配件目录界面：把一个车架号的配件目录直接嵌入您的系统页面，生成方法见
            <a href={docsUrl} target="_blank" rel="noopener noreferrer">
              接口文档
            </a>
            。
          </p>
          <div className={styles.embed}>
            {embed.map((e) => (
              <div key={e.title} className={styles.flowStep}>
                <h3 className={styles.flowTitle}>{e.title}</h3>
                <p className={styles.flowText}>{e.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.container}>
          <h2 className={styles.sectionTitle}>计费与试用</h2>
          <p className={styles.sectionLead}>用多少扣多少，余量和每天的用量都可以在“数据服务”页查看。</p>
          <div className={styles.billing}>
            {billing.map((b) => (
              <div key={b.title} className={styles.flowStep}>
                <h3 className={styles.flowTitle}>{b.title}</h3>
                <p className={styles.flowText}>{b.text}</p>
              </div>
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
            以上为示例数据，仅用于说明数据格式；实际返回字段以接口文档为准，价格等信息仅供参考。
          </p>
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.container}>
          <h2 className={styles.sectionTitle}>接入流程</h2>
          <p className={styles.sectionLead}>
            全程自助：注册、建密钥、对接，遇到问题可随时联系我们。已有账号？
            <Link to={paths.userDataService}>前往数据服务页管理密钥</Link>
          </p>
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
          <p className={styles.sectionLead}>欢迎来电或添加客服微信咨询数据服务的接入与用量。</p>
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
            <a href={docsUrl} target="_blank" rel="noopener noreferrer">
              接口文档
            </a>
            <Link to={paths.vereinbarung}>用户服务协议</Link>
            <Link to={paths.datenschutz}>隐私政策</Link>
          </span>
        </div>
      </footer>
    </div>
  )
}
