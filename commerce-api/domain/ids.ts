/**
 * Ids the database generates are UUIDs. An id from a path or a body that is not one in canonical form names
 * no row: callers answer "not found" before asking the database, which would refuse the text with an error.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (id: string) => UUID.test(id)
