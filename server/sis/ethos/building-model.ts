import { z } from 'zod';

const text = z.string().max(2000);

/** A reference to another Ethos model by its GUID: Ellucian.Generated.Eedm/GuidObject2.cs. */
const guid = z.object({ id: z.string() });

/**
 * buildings v6 (`code`, `title`, and `site`, the GUID of the site it stands on) and v11 (issue 89: its `address`, with `addressLines`, the
 * `place`'s locality, region and postal code, and `latitude` and `longitude`):
 * ellucian-developer/integration-sdk-csharp-objects, Ellucian.Generated.Eedm/Buildings_V6_0.cs,
 * Buildings_V11_0.cs and BuildingAddress.cs; the place's shape, AddressPlace.cs, AddressCountry.cs
 * and AddressRegion.cs.
 */
export const buildingSchema = z.object({
  id: z.string(),
  code: z.string().max(20),
  title: text,
  site: guid.optional(),
  address: z
    .object({
      addressLines: z.array(z.string().max(200)).max(5).default([]),
      place: z
        .object({
          country: z
            .object({
              locality: z.string().max(100).optional(),
              region: z.object({ title: z.string().max(100).optional() }).optional(),
              postalCode: z.string().max(20).optional(),
            })
            .optional(),
        })
        .optional(),
      latitude: z.number().min(-90).max(90).optional(),
      longitude: z.number().min(-180).max(180).optional(),
    })
    .optional(),
});
export type EthosBuilding = z.infer<typeof buildingSchema>;

/**
 * sites v6, the campuses a building stands on (issue 89: named beside a class's building where a
 * campus has more than one): a code item (`id`, `code`, `title`, `description`) with the GUID of its
 * `organization`. ellucian-developer/integration-sdk-csharp-objects, Ellucian.Generated.Eedm/
 * Sites_V6_0.cs, and the CodeItem2.cs and BaseModel2.cs it extends.
 */
export const siteSchema = z.object({
  id: z.string(),
  code: z.string().max(20).optional(),
  title: text,
  description: text.optional(),
  organization: guid.optional(),
});
export type EthosSite = z.infer<typeof siteSchema>;
