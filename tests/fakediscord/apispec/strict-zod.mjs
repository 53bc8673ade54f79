// zod/mini with `object` meaning `strictObject`: the discord-api-spec schemas, loaded through this module
// (see validate.mjs), refuse keys the API description does not name instead of silently dropping them.
export * from "zod/mini";
export { strictObject as object } from "zod/mini";
