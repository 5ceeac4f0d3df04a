import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useIntl } from 'react-intl'
import { allTimeZones } from '../../stores/calendar/time-zones'
import { clock } from '../../services/clock'
import { zoneName } from '../../lib/zone-name'

interface TimeZoneSelectProps {
  /** The chosen IANA zone. */
  value: string
  onChange: (timeZone: string) => void
  /** Problem to show under the field. */
  error?: string | undefined
  id: string
}

interface ZoneOption {
  zone: string
  /** `GMT-03:00` now. */
  offset: string
  /** Its name in the agent's language, "hora de Chile (Santiago)". */
  name: string
  /** Lower-case text the search matches. */
  search: string
}

function offsetNow(zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    timeZoneName: 'longOffset',
  }).formatToParts(clock.now())
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
}

/** Every zone the browser knows with its offset today and its name, once per language (≈420 zones). */
function useZoneOptions(locale: string): ZoneOption[] {
  return useMemo(
    () =>
      allTimeZones().map((zone) => {
        const offset = offsetNow(zone)
        const name = zoneName(zone, locale, new Date(clock.now()))
        const search = `${zone.replace(/_/g, ' ')} ${zone} ${offset} ${name}`.toLowerCase()
        return { zone, offset, name, search }
      }),
    [locale],
  )
}

/**
 * The customer's time zone: a searchable list of every IANA zone the browser knows (ARIA 1.2
 * combobox: type to filter, arrows to move, Enter to choose, Escape to leave it as it was).
 */
export function TimeZoneSelect({ value, onChange, error, id }: TimeZoneSelectProps) {
  const intl = useIntl()
  const options = useZoneOptions(intl.locale)
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const open = query !== null
  const matches = useMemo(() => {
    const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean)
    return options.filter((option) => words.every((word) => option.search.includes(word)))
  }, [options, query])

  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' })
  }, [active, open])

  const choose = (zone: string) => {
    setQuery(null)
    onChange(zone)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setQuery('')
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => Math.max(0, Math.min(matches.length - 1, index + step)))
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const option = matches[active]
      if (option) choose(option.zone)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      setQuery(null)
    }
  }
  const listId = `${id}-list`
  return (
    <div className={`time-zone-select${error ? ' invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {intl.formatMessage({ id: 'calendar.schedule.timeZone' })}
      </label>
      <input
        id={id}
        className="combobox-input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-problem` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={intl.formatMessage({ id: 'calendar.schedule.timeZoneSearch' })}
        // Closed, the chosen zone as the agent says it ("hora de Chile (Santiago)"); its id is searchable.
        value={open ? query : (options.find((option) => option.zone === value)?.name ?? value)}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setQuery(null)}
      />
      {open && (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          className="combobox-list"
          aria-label={intl.formatMessage({ id: 'calendar.schedule.timeZone' })}
        >
          {matches.length === 0 && (
            <li className="combobox-empty">{intl.formatMessage({ id: 'calendar.schedule.noTimeZone' })}</li>
          )}
          {matches.map((option, index) => (
            <li
              key={option.zone}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={option.zone === value ? 'current' : undefined}
              // Choose before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option.zone)
              }}
            >
              <span>{option.zone}</span>
              <small>
                {option.name === option.zone ? option.offset : `${option.name} · ${option.offset}`}
              </small>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field-problem" id={`${id}-problem`}>
          {error}
        </p>
      )}
    </div>
  )
}
