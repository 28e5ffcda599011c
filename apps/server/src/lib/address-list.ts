// Who a request comes from, judged by request.ip (the client after TRUST_PROXY) against a list of addresses.
import { BlockList, isIPv4 } from 'node:net'

/** Addresses and CIDR subnets, IPv4 or IPv6; an IPv4 client seen as ::ffff:a.b.c.d is judged as a.b.c.d. */
export function addressList(entries: string[]): (ip: string) => boolean {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/')
    const type = isIPv4(address) ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return (ip) => {
    const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip
    return isIPv4(v4) ? list.check(v4, 'ipv4') : list.check(ip, 'ipv6')
  }
}

/** This machine: a remote client behind a local proxy is not, since request.ip is the client it forwards. */
export const isLoopback = addressList(['127.0.0.0/8', '::1'])
