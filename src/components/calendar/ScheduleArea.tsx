import { useEffect, useLayoutEffect, useRef } from 'react'
import { $scheduleDrawer, openScheduleDrawer } from '../../stores/calendar/schedule'
import { ScheduleDrawer } from './ScheduleDrawer'
import { useDrawerHost } from './useDrawerHost'

interface ScheduleAreaProps {
  /** The drawer closed (booked, or the agent closed it): the shell unmounts the area. */
  onClose?: () => void
}

/**
 * The create-appointment drawer the shell's schedule button opens (a lazy chunk): mounting it opens
 * the drawer after 200 ms (SPEC §2). The drawer itself renders once per page: here, or in the calendar
 * area when that is on the page too.
 */
export default function ScheduleArea({ onClose }: ScheduleAreaProps) {
  const host = useDrawerHost('schedule')
  const closed = useRef(onClose)
  useEffect(() => {
    closed.current = onClose
  }, [onClose])
  // A layout effect: the 200 ms start when the area is committed, not whenever passive effects run.
  useLayoutEffect(() => {
    openScheduleDrawer()
    return $scheduleDrawer.listen((drawer) => {
      if (!drawer.open) closed.current?.()
    })
  }, [])
  return host ? <ScheduleDrawer /> : null
}
