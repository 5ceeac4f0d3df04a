import { useEffect, useRef } from 'react'
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js'

// Only the parts the metrics use: bars on a category and a linear axis, tooltips and a legend.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend)

/**
 * Draws a Chart.js bar chart on a canvas, drawn again when `key` (what the figures are) changes, and
 * destroyed with the component.
 *
 * @example
 * const canvas = useChart(() => config, JSON.stringify(figures))
 * return <canvas ref={canvas} />
 */
export function useChart(config: () => ChartConfiguration<'bar'>, key: string) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const latest = useRef(config)
  useEffect(() => {
    latest.current = config
  })
  useEffect(() => {
    if (!canvas.current) return
    const chart = new Chart(canvas.current, latest.current())
    return () => chart.destroy()
  }, [key])
  return canvas
}
