import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import { setUpApi } from './api-plugin'
import { authRoutes } from './auth-routes'
import { twoFactorRoutes } from './two-factor-routes'
import { backgroundRoutes } from './background-routes'
import { directoryRoutes } from './directory-routes'
import { calendarRoutes } from './calendar-routes'
import { filesRoutes } from './files-routes'
import { recordingsRoutes } from './recordings-routes'
import { miscRoutes } from './misc-routes'
import { devRoutes } from './dev-routes'
import { ServerError } from '../errors'

/** The REST API of SPEC §7, mounted under `/api`. */
export async function registerApi(api: FastifyInstance, context: ServerContext): Promise<void> {
  const tools = setUpApi(api, context)
  authRoutes(api, tools)
  twoFactorRoutes(api, tools)
  await backgroundRoutes(api, tools)
  directoryRoutes(api, tools)
  calendarRoutes(api, tools)
  filesRoutes(api, tools)
  recordingsRoutes(api, tools)
  miscRoutes(api, tools)
  devRoutes(api, tools)
  api.setNotFoundHandler(async () => {
    throw new ServerError(404, 'Not found')
  })
}
