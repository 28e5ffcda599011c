// Fixed envelope vectors. `content` and `sign` were computed with the openssl and md5sum command-line
// tools, independently of both codecs; `data` is Node's zlib output at the server's level (2), and `dataOtherDeflater` the same value
// deflated by another zlib build (Python's), which every decoder must read too.
import { DEMO_SITE_KEYS } from './sites'

export const REQUEST_VECTOR = {
  keys: DEMO_SITE_KEYS,
  iv: '000102030405060708090a0b0c0d0e0f',
  payload: { Mobile: '13800138000', Password: 'demo1234' },
  timespan: 1763764800123,
  transactionNo: '0485127736',
  content:
    '000102030405060708090a0b0c0d0e0f0b2fadde1cb6927aac2ab9c6a684f758ac7e932266d41c761bb1a6a8b5f17630ae092d2e1a209a2a9459e4080aba2605',
  sign: '175914c23ea125c237e5f3e7d13d0a33',
} as const

export const RESPONSE_VECTOR = {
  value: { OrderId: 'BJ202311210001', total_Money: 123.45, carType: '大众 速腾 2019款 1.4T', itemList: [] },
  data: 'eF6rVvIvSkkt8kxRslJy8jIyMDI2NDQyNDAwMFTSUSrJL0nMiffNz0utVLIyNDLWMzHVUUpOLAqpLEhVslJ6umT5kz3TFV42zH/Ruk/ByMDQ8tmafQqGeiYhSjpKmSWpuT6ZxSVKVtGxtQCEViMP',
  dataOtherDeflater:
    'eJyrVvIvSkkt8kxRslJy8jIyMDI2NDQyNDAwMFTSUSrJL0nMiffNz0utVLIyNDLWMzHVUUpOLAqpLEgFqn+6ZPmTPdMVXjbMf9G6T8HIwNDy2Zp9CoZ6JiFAvZklqbk+mcUlSlbRsbUAhFYjDw==',
  /** A `data` that is not JSON is kept as a string. */
  plainText: '操作成功',
  plainTextData: 'eJx7Nrn3yd45zzomPO2aDwA3hQhQ',
} as const
