import { z } from 'zod';

const text = z.string().max(2000);

/**
 * buildings v6 (`code`, `title`, `site`) and v11 (issue 89: its `address`, with `addressLines`, the
 * `place`'s locality, region and postal code, and `latitude` and `longitude`):
 * ellucian-developer/integration-sdk-csharp-objects, Ellucian.Generated.Eedm/Buildings_V6_0.cs,
 * Buildings_V11_0.cs and BuildingAddress.cs; the place's shape, AddressPlace.cs, AddressCountry.cs
 * and AddressRegion.cs.
 */
export const buildingSchema = z.object({
  id: z.string(),
  code: z.string().max(20),
  title: text,
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
