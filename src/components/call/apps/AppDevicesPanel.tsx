import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { APP_DEVICES, type AppDevice } from '../../../protocol'
import { $appDevices } from '../../../stores/call/custom-apps'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

const ICONS: Record<AppDevice, string> = { barcode: 'upc-scan', nfc: 'broadcast', fingerprint: 'fingerprint' }

/** Barcode, NFC and fingerprint readers, each active or disabled, as the app last said. */
export function AppDevicesPanel() {
  const devices = useStore($appDevices)
  return (
    <section className="app-panel" aria-labelledby="app-devices-title">
      <h4 id="app-devices-title">
        <FormattedMessage id="call.apps.devices" />
      </h4>
      <ul className="app-devices">
        {APP_DEVICES.map((device) => (
          <li key={device} className="app-device" data-device={device} data-state={devices[device]}>
            <sl-icon name={ICONS[device]} aria-hidden="true"></sl-icon>
            <span className="app-device-name">
              <FormattedMessage id="call.apps.device" values={{ device }} />
            </span>
            <span className="app-device-state">
              <FormattedMessage id="call.apps.deviceState" values={{ state: devices[device] }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
