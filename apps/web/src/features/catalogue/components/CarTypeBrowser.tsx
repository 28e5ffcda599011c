// The steps after the brand, side by side so a choice can be changed without going back: series, model
// years, then the models, each of which opens the parts catalogue.
import { RightOutlined } from '@ant-design/icons'
import type { CarInfo, SeriesEntry } from '@epc/shared'
import { Empty, Skeleton, Table, Tag } from 'antd'
import { Link } from 'react-router'
import { useDisplaySize } from '../../../lib/display-size'
import styles from './CarType.module.css'

interface Props {
  series: SeriesEntry[] | undefined
  seriesLoading: boolean
  seriesNumber: string | null
  year: number | null
  models: CarInfo[] | undefined
  modelsLoading: boolean
  onSeries: (seriesNumber: string) => void
  onYear: (year: number) => void
  onModel: (model: CarInfo) => void
  modelUrl: (model: CarInfo) => string
}

const NO_DATA = '抱歉，暂无数据'

export function CarTypeBrowser(props: Props) {
  const { series, seriesNumber, year, models } = props
  const size = useDisplaySize()
  const chosen = series?.find((s) => s.series_number === seriesNumber)

  return (
    <div className={styles.browser}>
      <section className={styles.column} style={{ width: size === 'large' ? 220 : 160 }}>
        <div className={styles.columnTitle}>车系</div>
        {props.seriesLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 12 }} />
        ) : series?.length ? (
          <div className={styles.options} role="listbox" aria-label="车系">
            {series.map((s) => (
              <button
                key={s.series_number}
                type="button"
                role="option"
                aria-selected={s.series_number === seriesNumber}
                className={`${styles.option} ${s.series_number === seriesNumber ? styles.optionActive : ''}`}
                onClick={() => props.onSeries(s.series_number)}
              >
                <span>{s.series_name}</span>
                <span className={styles.optionNote}>{s.years.length}个年款</span>
              </button>
            ))}
          </div>
        ) : (
          <Empty description={NO_DATA} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </section>

      <section className={styles.column} style={{ width: 120 }}>
        <div className={styles.columnTitle}>年款</div>
        {chosen ? (
          <div className={styles.options} role="listbox" aria-label="年款">
            {chosen.years.map((y) => (
              <button
                key={y}
                type="button"
                role="option"
                aria-selected={y === year}
                className={`${styles.option} ${y === year ? styles.optionActive : ''}`}
                onClick={() => props.onYear(y)}
              >
                <span>{y}款</span>
                <RightOutlined className={styles.optionNote} />
              </button>
            ))}
          </div>
        ) : (
          <div className={styles.prompt}>请先选择车系</div>
        )}
      </section>

      <section className={`${styles.column} ${styles.modelsColumn}`}>
        <div className={styles.columnTitle}>
          车型
          {models && year !== null && (
            <span className={styles.optionNote}>共 {models.length} 款，点击查看配件</span>
          )}
        </div>
        {!chosen || year === null ? (
          <div className={styles.prompt}>{chosen ? '请选择年款' : '请先选择车系和年款'}</div>
        ) : (
          <Table<CarInfo>
            data-testid="car-models"
            size={size === 'large' ? 'middle' : 'small'}
            rowKey="ModelId"
            loading={props.modelsLoading}
            dataSource={models ?? []}
            pagination={false}
            locale={{ emptyText: NO_DATA }}
            onRow={(m) => ({ onClick: () => props.onModel(m), className: styles.modelRow })}
            columns={[
              {
                title: '车型名称',
                dataIndex: 'car_name',
                render: (v: string, m) => (
                  <span className={styles.modelName}>
                    <Link
                      to={props.modelUrl(m)}
                      className={styles.modelLink}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {v}
                    </Link>
                    {m.imported && (
                      <Tag color="orange" style={{ marginInlineStart: 6 }}>
                        进口
                      </Tag>
                    )}
                  </span>
                ),
              },
              { title: '发动机', dataIndex: 'engine', width: 120 },
              { title: '变速箱', dataIndex: 'transmission', width: 100 },
              // The maker is mostly the brand itself; at narrower widths the model name needs the room.
              ...(size === 'large'
                ? [{ title: '生产厂商', dataIndex: 'manufacturer_name', width: 130, ellipsis: true }]
                : []),
              {
                title: '',
                key: 'go',
                width: 92,
                align: 'right' as const,
                render: () => (
                  <span className={styles.goLink}>
                    查看配件 <RightOutlined />
                  </span>
                ),
              },
            ]}
          />
        )}
      </section>
    </div>
  )
}
