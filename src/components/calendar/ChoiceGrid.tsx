import { useRef, type KeyboardEvent } from 'react'

/** One choice of a grid. */
export interface Choice {
  value: string
  /** What the button shows. */
  label: string
  /** A second line (a weekday, the agent's time). */
  detail?: string | undefined
  /** Full text for screen readers, when the visible one is terse. */
  accessibleLabel?: string | undefined
}

interface ChoiceGridProps {
  /** Names the group for screen readers. */
  label: string
  choices: readonly Choice[]
  value: string | null
  onChoose: (value: string) => void
  className?: string | undefined
  disabled?: boolean
  /** Marks the group invalid (nothing chosen where a choice is required). */
  invalid?: boolean
}

const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

/**
 * A single choice among many buttons (days, hours), as an ARIA radio group: one tab stop, arrow keys
 * move and choose, Home and End jump, the chosen one is checked.
 */
export function ChoiceGrid({
  label,
  choices,
  value,
  onChoose,
  className,
  disabled = false,
  invalid = false,
}: ChoiceGridProps) {
  const group = useRef<HTMLDivElement>(null)
  const chosenIndex = choices.findIndex((choice) => choice.value === value)
  const focusIndex = chosenIndex >= 0 ? chosenIndex : 0

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = choices.findIndex(
      (choice) => choice.value === (event.target as HTMLElement).dataset.value,
    )
    if (current < 0) return
    let next: number
    if (event.key in moves) next = (current + moves[event.key]! + choices.length) % choices.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = choices.length - 1
    else return
    event.preventDefault()
    onChoose(choices[next]!.value)
    group.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
  }

  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={label}
      aria-invalid={invalid || undefined}
      className={`choice-grid ${className ?? ''}`}
      onKeyDown={onKeyDown}
    >
      {choices.map((choice, index) => (
        <button
          key={choice.value}
          type="button"
          role="radio"
          aria-checked={choice.value === value}
          aria-label={choice.accessibleLabel}
          tabIndex={index === focusIndex ? 0 : -1}
          disabled={disabled}
          data-value={choice.value}
          className="choice"
          onClick={() => onChoose(choice.value)}
        >
          <span className="choice-label">{choice.label}</span>
          {choice.detail && <span className="choice-detail">{choice.detail}</span>}
        </button>
      ))}
    </div>
  )
}
