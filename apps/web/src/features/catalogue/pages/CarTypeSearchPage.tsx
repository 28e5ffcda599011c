// /carTypeSearch (车型查询, free): brand by initial letter, then series, model year and model, which opens the
// parts catalogue (/partsFilter, fromType 2). The choices live in the URL (?brand=&series=&year=).
import type { CarInfo } from '@epc/shared'
import { Breadcrumb, Button, Card, Skeleton, Tag, Typography } from 'antd'
import { useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useShortcut } from '../../../lib/keyboard'
import { rememberResult } from '../../../lib/search-memory'
import { useCarBrands } from '../api/car-brands'
import { useCarModels } from '../api/car-models'
import { useCarSeries } from '../api/car-series'
import styles from '../components/CarType.module.css'
import { CarTypeBrandPicker } from '../components/CarTypeBrandPicker'
import { CarTypeBrowser } from '../components/CarTypeBrowser'
import { partsFilterUrl } from '../links'

const modelUrl = (m: CarInfo) => partsFilterUrl({ modelCode: m.ModelId, fromType: 2 })

export default function CarTypeSearchPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const brandNumber = params.get('brand')
  const seriesNumber = brandNumber ? params.get('series') : null
  const yearValue = Number(params.get('year'))
  const year = seriesNumber && Number.isInteger(yearValue) && yearValue > 0 ? yearValue : null

  const brands = useCarBrands()
  const series = useCarSeries(brandNumber)
  const models = useCarModels(year === null ? null : seriesNumber, year ?? undefined)

  const brand = brands.data?.flatMap((i) => i.brands).find((b) => b.brand_number === brandNumber)
  const chosenSeries = series.data?.find((s) => s.series_number === seriesNumber)

  useEffect(() => {
    if (year !== null && models.data?.length) rememberResult(2, location.pathname + location.search)
  }, [year, models.data, location.pathname, location.search])

  const choose = (next: { brand?: string; series?: string; year?: number }) => {
    const query: Record<string, string> = {}
    if (next.brand) query.brand = next.brand
    if (next.brand && next.series) query.series = next.series
    if (next.brand && next.series && next.year) query.year = String(next.year)
    setParams(query)
  }

  // Esc steps back one choice, as the breadcrumb does.
  useShortcut('Escape', () => {
    if (year !== null) choose({ brand: brandNumber ?? '', series: seriesNumber ?? '' })
    else if (seriesNumber) choose({ brand: brandNumber ?? '' })
    else if (brandNumber) choose({})
  })

  const crumb = (label: string, onClick?: () => void) => ({
    title: onClick ? (
      <button type="button" className={styles.crumbLink} onClick={onClick}>
        {label}
      </button>
    ) : (
      label
    ),
  })
  const crumbs = [crumb('全部品牌', brandNumber ? () => choose({}) : undefined)]
  if (brandNumber) {
    crumbs.push(
      crumb(
        brand?.brand_name ?? brandNumber,
        seriesNumber ? () => choose({ brand: brandNumber }) : undefined,
      ),
    )
  }
  if (brandNumber && seriesNumber) {
    crumbs.push(
      crumb(
        chosenSeries?.series_name ?? seriesNumber,
        year !== null ? () => choose({ brand: brandNumber, series: seriesNumber }) : undefined,
      ),
    )
  }
  if (year !== null) crumbs.push(crumb(`${year}款`))

  return (
    <div className={styles.page}>
      <Card>
        <div className={styles.head}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            车型查询
          </Typography.Title>
          <Tag color="green">免费</Tag>
          <Breadcrumb className={styles.crumbs} items={crumbs} data-testid="car-type-path" />
          <span className={styles.hint}>
            {brandNumber ? '按 Esc 返回上一步' : '选择品牌 → 车系 → 年款 → 车型，进入配件目录'}
          </span>
          {brandNumber && (
            <Button size="small" onClick={() => choose({})}>
              更换品牌
            </Button>
          )}
        </div>
      </Card>

      {!brandNumber ? (
        <Card>
          {brands.isLoading ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : (
            <CarTypeBrandPicker
              initials={brands.data ?? []}
              onPick={(b) => choose({ brand: b.brand_number })}
            />
          )}
        </Card>
      ) : (
        <CarTypeBrowser
          series={series.data}
          seriesLoading={series.isLoading}
          seriesNumber={seriesNumber}
          year={year}
          models={models.data}
          modelsLoading={models.isLoading}
          onSeries={(s) => choose({ brand: brandNumber, series: s })}
          onYear={(y) => choose({ brand: brandNumber, series: seriesNumber ?? '', year: y })}
          onModel={(m) => navigate(modelUrl(m))}
          modelUrl={modelUrl}
        />
      )}
    </div>
  )
}
