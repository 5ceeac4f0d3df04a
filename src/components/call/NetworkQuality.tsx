import { useStore } from '@nanostores/react'
import { FormattedMessage } from 'react-intl'
import { $networkQuality, type NetworkLevel } from '../../stores/status/network-quality'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

const ICONS: Record<NetworkLevel, string> = {
  good: 'reception-4',
  fair: 'reception-2',
  poor: 'reception-0',
  offline: 'wifi-off',
  unknown: 'reception-2',
}

/**
 * The network as measured every 2 s while no call is active, shown before the agent takes a call:
 * an icon and a word (colour is never the only signal).
 *
 * @example
 * <NetworkQuality />
 */
export function NetworkQuality() {
  const quality = useStore($networkQuality)
  return (
    <p className={`network-quality network-${quality.level}`} data-level={quality.level}>
      <sl-icon name={ICONS[quality.level]} aria-hidden="true"></sl-icon>
      <FormattedMessage id="call.network.label" values={{ level: quality.level }} />
      {quality.rttMs !== null && quality.rttMs > 0 && (
        <span className="network-rtt">
          <FormattedMessage id="call.network.rtt" values={{ ms: quality.rttMs }} />
        </span>
      )}
    </p>
  )
}
