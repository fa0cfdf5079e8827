import type { CampusConfig } from './campus-config.schema.js';

/**
 * The sample campus's Spanish names for a few of the sample records' English values (issue 76):
 * programs, degrees, holds, offices and tools, used when no CAMPUS_CONFIG is given
 * (server/config/campus.ts). A value not named here is shown in English, marked so. Kept out of the
 * schema's defaults so the browser never carries them.
 */
export const SAMPLE_RECORD_NAMES: CampusConfig['recordNames'] = {
  // Programs and degrees
  'Computer Science': { es: 'Ciencias de la Computación' },
  Mathematics: { es: 'Matemáticas' },
  History: { es: 'Historia' },
  'Business Administration': { es: 'Administración de Empresas' },
  'Bachelor of Science': { es: 'Licenciatura en Ciencias' },
  'Bachelor of Arts': { es: 'Licenciatura en Artes' },
  'Master of Science': { es: 'Maestría en Ciencias' },
  // Holds and the offices that place them
  'Registration Hold': { es: 'Retención de inscripción' },
  'Advising Hold': { es: 'Retención de asesoría' },
  'Student Financial Services': { es: 'Servicios Financieros Estudiantiles' },
  'Advising and Career Services': { es: 'Servicios de Asesoría y Carreras' },
  // Tools
  Library: { es: 'Biblioteca' },
  Webmail: { es: 'Correo web' },
  'Learning Center': { es: 'Centro de Aprendizaje' },
};
