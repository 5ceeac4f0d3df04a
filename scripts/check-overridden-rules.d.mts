/** One rule of a style sheet: one selector of its list, the properties it sets, the at-rules it sits in. */
export interface SheetRule {
  selector: string
  properties: string[]
  conditions: string[]
}
/** A rule under a condition that a later unconditioned rule with the same selector overrides. */
export interface OverriddenRule {
  selector: string
  condition: string
  properties: string[]
}
/** The rules of a style sheet's text. */
export function sheetRules(text: string): SheetRule[]
/** Rules under a condition that a later unconditioned rule with the same selector overrides. */
export function overriddenRules(text: string): OverriddenRule[]
/** The text of each css`…` sheet in a source file (interpolations left out). */
export function sheetsIn(source: string): string[]
