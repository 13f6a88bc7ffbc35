import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import {
  cxmlConfiguration,
  MAX_CXML_VALUE_LENGTH,
  updateCxmlConfiguration,
} from '../domain/punchout-cxml-configuration'
import { ociConfiguration, setOciConfiguration } from '../domain/punchout-oci'
import { cxmlSession } from '../domain/punchout-sessions'
import { findPunchoutUser } from '../domain/punchout-users'
import { parseInput } from '../http'
import { cxmlConfigurationJson, cxmlSessionJson, ociConfigurationJson } from '../icm/punchout'
import type { RouteModule } from './context'
import { managePunchout } from './punchout-users'

/** `PATCH …/configurations` as the PWA sends it: `[{name, value}]`, null for the default. */
const CxmlChangesBody = z
  .array(
    z.object({
      name: z.string().max(200),
      value: z
        .string()
        .max(MAX_CXML_VALUE_LENGTH * 2)
        .nullish()
        .transform((value) => value ?? null),
    }),
  )
  .max(50)

const text = (max: number) => z.string().max(max)

/** `PUT …/oci5/configurations {items}`; a form's `type` and other keys are not the mapping's. */
const OciItemsBody = z.object({
  items: z
    .array(
      z.object({
        field: text(100),
        transform: text(1000)
          .nullish()
          .transform((value) => value ?? ''),
        formatter: text(100)
          .nullish()
          .transform((value) => value ?? ''),
        mappings: z
          .array(
            z.object({
              mapFromValue: text(1000)
                .nullish()
                .transform((value) => value ?? ''),
              mapToValue: text(1000)
                .nullish()
                .transform((value) => value ?? ''),
            }),
          )
          .max(100)
          .nullish()
          .transform((value) => value ?? []),
      }),
    )
    .max(100),
})

/**
 * A company's punchout configuration (issue 34), for its administrators: each cXML user's entries
 * (`…/cxml1.2/users/{id}/configurations`) and the OCI field mapping (`…/oci5/configurations`). And a cXML
 * session (`…/cxml1.2/sessions/{sid}`), which only the punchout user it was opened for reads (the domain
 * answers 404 to everyone else of the company).
 */
export const punchoutConfigurationRoutes: RouteModule = (app, { db }) => {
  const punchouts = '/rest/:site/customers/:customerNo/punchouts'
  const access = { config: { access: managePunchout } }
  const customerOf = async (request: FastifyRequest) => (await requireUser(db, request)).customerNo
  const cxmlUserOf = async (request: FastifyRequest) =>
    findPunchoutUser(db, await customerOf(request), 'cxml1.2', (request.params as { userId: string }).userId)

  app.get(`${punchouts}/cxml1.2/users/:userId/configurations`, access, async (request) =>
    cxmlConfigurationJson(await cxmlConfiguration(db, await cxmlUserOf(request), request.scope.locale)),
  )

  app.patch(`${punchouts}/cxml1.2/users/:userId/configurations`, access, async (request) => {
    const user = await cxmlUserOf(request)
    const changes = parseInput(CxmlChangesBody, request.body, 'cXML configuration')
    return cxmlConfigurationJson(await updateCxmlConfiguration(db, user, changes, request.scope.locale))
  })

  app.get(`${punchouts}/oci5/configurations`, access, async (request) =>
    ociConfigurationJson(await ociConfiguration(db, await customerOf(request))),
  )

  app.put(`${punchouts}/oci5/configurations`, access, async (request) => {
    const customerNo = await customerOf(request)
    const { items } = parseInput(OciItemsBody, request.body, 'OCI configuration')
    return ociConfigurationJson(await setOciConfiguration(db, customerNo, items))
  })

  app.get(
    `${punchouts}/cxml1.2/sessions/:sid`,
    { config: { access: { customer: true } } },
    async (request) => {
      const caller = await requireUser(db, request)
      return cxmlSessionJson(await cxmlSession(db, caller, (request.params as { sid: string }).sid))
    },
  )
}
