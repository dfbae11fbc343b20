import { advisorChangeRequest, advisorChangeResponse, catalogueSchema, catalogueTexts, planChangeRequest, planChangeResponse } from '../catalogue.schema';
import { resource } from '../common.schema';
import { endpoint } from '../endpoint';
import { smallIdOf } from './parts';

/** The catalogue admins edit: expert advisors and plans (docs/back-office.md#catalogue). */
export const catalogueApi = {
  catalogue: endpoint({ method: 'GET', path: '/admin/catalogue', access: 'admin', response: resource(catalogueSchema) }),
  changeCatalogueAdvisor: endpoint({
    method: 'PATCH',
    path: '/admin/catalogue/advisors/:id',
    access: 'admin',
    params: smallIdOf(catalogueTexts.advisorNotFound),
    body: advisorChangeRequest,
    response: advisorChangeResponse,
  }),
  changeCataloguePlan: endpoint({
    method: 'PATCH',
    path: '/admin/catalogue/plans/:id',
    access: 'admin',
    params: smallIdOf(catalogueTexts.planNotFound),
    body: planChangeRequest,
    response: planChangeResponse,
  }),
} as const;
