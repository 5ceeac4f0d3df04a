import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import { setUpApi } from './api-plugin'
import { authRoutes } from './auth-routes'
import { passwordResetRoutes } from './password-reset-routes'
import { twoFactorRoutes } from './two-factor-routes'
import { sessionsRoutes } from './sessions-routes'
import { backgroundRoutes } from './background-routes'
import { directoryRoutes } from './directory-routes'
import { calendarRoutes } from './calendar-routes'
import { filesRoutes } from './files-routes'
import { recordingsRoutes } from './recordings-routes'
import { recordingBackupsRoutes } from './recording-backups-routes'
import { miscRoutes } from './misc-routes'
import { historyRoutes } from './history-routes'
import { metricsRoutes } from './metrics-routes'
import { utilitiesRoutes } from './utilities-routes'
import { publicAppointmentRoutes } from './public-appointment-routes'
import { notificationsRoutes } from './notifications-routes'
import { announcementsRoutes } from './announcements-routes'
import { feedbackRoutes } from './feedback-routes'
import { devRoutes } from './dev-routes'
import { cspReportRoutes } from './csp-report-routes'
import { ServerError } from '../errors'

/** The REST API of SPEC §7, mounted under `/api`. */
export async function registerApi(api: FastifyInstance, context: ServerContext): Promise<void> {
  const tools = await setUpApi(api, context)
  authRoutes(api, tools)
  passwordResetRoutes(api, tools)
  twoFactorRoutes(api, tools)
  sessionsRoutes(api, tools)
  await backgroundRoutes(api, tools)
  directoryRoutes(api, tools)
  calendarRoutes(api, tools)
  filesRoutes(api, tools)
  recordingsRoutes(api, tools)
  recordingBackupsRoutes(api, tools)
  miscRoutes(api, tools)
  historyRoutes(api, tools)
  metricsRoutes(api, tools)
  utilitiesRoutes(api, tools)
  publicAppointmentRoutes(api, tools)
  notificationsRoutes(api, tools)
  announcementsRoutes(api, tools)
  feedbackRoutes(api, tools)
  devRoutes(api, tools)
  cspReportRoutes(api, tools)
  api.setNotFoundHandler(async () => {
    throw new ServerError(404, 'Not found')
  })
}
