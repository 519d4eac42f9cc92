/**
 * A salon's clients as they are, for the possible-duplicates benchmark (issue 29): mostly distinct people, and a known
 * number of duplicates planted the ways they creep in (two desks, a mistyped email), so that the benchmark can check
 * every pair the server finds.
 *
 * Why not `generateClients` (seed-clients.ts): it draws 50,000 names from 37 first and 30 last names, so nearly every
 * client shares a name with dozens of others (48,890 pairs at 50,000 clients: a list no salon has, and a response of
 * 15 MB whose compression, not the pairing, is what a benchmark on it measures). Here names come from large lists,
 * each first and last name pair used once (compared as the contract compares names: in any case, without accents),
 * and the planted duplicates are the only pairs:
 * - EMAIL_TWINS clients whose email is an earlier client's in another case, under another name (reason `email`);
 * - NAME_TWINS clients named as an earlier client with an accented name, written without its accents and in capitals,
 *   with their own email (reason `name`);
 * - BOTH_TWINS alike in both (one pair, both reasons).
 */
import { ClientInput } from '#contract/api';
import { foldText } from '#contract/text';
import { seededRandom } from './seeded-random.ts';

// 250 first names and 300 last names (75,000 pairs of them), about a third with accents, as a European salon's list.
const FIRST_NAMES = (
  'Aaliyah,Abigail,Ada,Adèle,Adrián,Agnès,Agnieszka,Aiko,Aino,Aisha,Alba,Alejandro,Alessia,Alexandre,Alice,Alicja,Alina,' +
  'Alma,Amélie,Amelia,Ana,Anaïs,Andrea,Andrés,Ángela,Anja,Anna,Annabel,Anneke,Antoine,Antonia,Ariane,Arjun,Astrid,Aurélie,' +
  'Ava,Axel,Ayşe,Béatrice,Beatriz,Bianca,Birgit,Björn,Blanca,Bruna,Bruno,Camila,Camille,Carla,Carmen,Carolina,Caroline,' +
  'Cécile,Céline,Chiara,Chloé,Clara,Claudia,Clémence,Colette,Cristina,Dagmar,Dalia,Daniela,Daphné,Dario,Delphine,Diana,' +
  'Dorota,Édith,Elena,Éléonore,Elif,Elin,Elisa,Élise,Ella,Ellen,Elsa,Emil,Émilie,Emily,Emma,Erik,Esther,Eva,Évelyne,' +
  'Fabienne,Fatima,Federica,Felix,Fernanda,Filippa,Flora,Florence,Francesca,François,Freya,Frida,Gabriela,Gaëlle,Giulia,' +
  'Grace,Greta,Hanna,Hannah,Hélène,Helga,Ida,Inès,Ingrid,Inma,Irene,Iris,Isabel,Isla,Ivana,Jade,Jana,Jasmin,Jeanne,Jessica,' +
  'Jonas,Jørgen,Josefine,Judith,Julia,Juliette,Justyna,Karin,Katarzyna,Katja,Kenji,Klára,Laia,Laura,Léa,Leila,Lena,Léonie,' +
  'Liam,Lidia,Lili,Lily,Linnea,Liv,Lola,Lorena,Lotte,Louise,Luca,Lucía,Lucie,Ludmila,Luisa,Lukas,Maëlle,Magda,Maja,Malin,' +
  'Manon,Marco,Margaux,María,Marianne,Marina,Marta,Martina,Mateo,Mathilde,Matías,Maya,Mélanie,Mia,Michelle,Milena,Mireia,' +
  'Miriam,Monika,Nadia,Natalia,Nathalie,Nicole,Nina,Noah,Noémie,Noor,Nora,Núria,Océane,Olga,Olivia,Oscar,Paola,Patricia,' +
  'Paula,Pauline,Petra,Pia,Priya,Rachel,Raquel,Rebecca,Renée,Rita,Roberta,Rocío,Romane,Rosa,Ruth,Sabine,Salomé,Samira,Sandra,' +
  'Sara,Selin,Sérgio,Silvia,Simone,Sinéad,Siobhán,Sofia,Solène,Sonia,Sophie,Stella,Susanne,Svetlana,Sylvie,Tamara,Teresa,' +
  'Thérèse,Tomás,Valentina,Valérie,Vera,Verónica,Victoria,Viktor,Violette,Wiebke,Yasmin,Yusuf,Zoë,Zofia,Zsófia'
).split(',');
const LAST_NAMES = (
  'Aalto,Abad,Adler,Agostini,Ahmed,Albrecht,Almeida,Álvarez,Amato,Andersen,Andersson,Antonelli,Arnaud,Arslan,Aubert,' +
  'Bak,Baker,Barbieri,Bardot,Barros,Bauer,Becker,Bellini,Benoît,Berg,Bergström,Bernard,Bertrand,Bianchi,Blanc,Blažević,' +
  'Böhm,Bonnet,Borg,Bosch,Brandt,Braun,Brown,Bruno,Bruun,Caballero,Campos,Caron,Carvalho,Castillo,Castro,Chevalier,Cohen,' +
  'Colombo,Conti,Costa,Cruz,Czerwińska,Dąbrowska,Dahl,Dalton,David,De Luca,Delgado,Díaz,Dijkstra,Dimitrova,Dinh,Domínguez,' +
  'Dubois,Dumont,Durand,Dvořák,Eklund,Engel,Erdem,Esposito,Fabre,Falk,Farkas,Ferrari,Fernández,Ferreira,Fischer,Fontaine,' +
  'Forsberg,Fournier,Fuchs,Gallo,García,Garnier,Gauthier,Gómez,González,Greco,Gruber,Guerin,Gutiérrez,Haas,Hadžić,Haddad,' +
  'Hahn,Hansen,Hart,Hartmann,Hedlund,Heinz,Herrera,Hoffmann,Holm,Horvat,Horváth,Hristova,Hughes,Iglesias,Ivanova,Jakobsen,' +
  'Jankowska,Jansen,Janssens,Jensen,Jiménez,Johansson,Jónsdóttir,Jovanović,Jung,Kaiser,Kaya,Keller,Kelly,Kim,Klein,' +
  'Koch,Kolar,Kovačević,Kowalska,Krause,Krüger,Kuhn,Laine,Lambert,Lange,Larsen,Laurent,Lazarević,Lebrun,Leclerc,Lefèvre,' +
  'Lehmann,Leroy,Lindberg,Lindqvist,Lombardi,López,Lorenz,Lund,Madsen,Maier,Marchetti,Marín,Marino,Martin,Martínez,Masson,' +
  'Mayer,Meier,Mendes,Mercier,Meyer,Michel,Mikkelsen,Molina,Monteiro,Morales,Moreau,Moreno,Moretti,Müller,Murphy,Nagy,' +
  'Nakamura,Navarro,Neumann,Nguyen,Nielsen,Nieminen,Nilsson,Novak,Nowak,Núñez,Nyström,Okafor,Oliveira,Olsen,Olsson,' +
  "O'Neill,Ortega,Ortiz,Öztürk,Papadopoulou,Paquet,Pascual,Patel,Pavlović,Pereira,Pérez,Perrin,Persson,Petit,Petrović," +
  'Pham,Pinto,Popescu,Popović,Quintero,Ramírez,Ramos,Rasmussen,Reyes,Ricci,Richter,Rinaldi,Rivera,Rizzo,Robin,Rodrigues,' +
  'Rodríguez,Roger,Romano,Romero,Rossi,Roussel,Roux,Rubio,Ruiz,Russo,Šafránková,Sahin,Sánchez,Santos,Sanz,Sauer,Schäfer,' +
  'Schmid,Schmidt,Schneider,Scholz,Schröder,Schulz,Schwarz,Serra,Silva,Simon,Sköld,Smith,Sørensen,Sousa,Suárez,Svensson,' +
  'Szabó,Szymańska,Tanaka,Thomas,Tomić,Torres,Tóth,Turner,Van den Berg,Van der Meer,Varga,Vasile,Vázquez,Vidal,Vincent,' +
  'Virtanen,Vogel,Voigt,Vries,Wagner,Walker,Walter,Weber,Werner,Wiśniewska,Wolf,Wójcik,Yamamoto,Yılmaz,Young,Zamora,Zielińska,' +
  'Zimmermann'
).split(',');
const DOMAINS = ['example.com', 'example.org', 'mail.example', 'salon-clients.example'];

/** The duplicates planted among the clients: the pairs `GET /api/duplicates` must find, and no others. */
export const EMAIL_TWINS = 150;
export const NAME_TWINS = 150;
export const BOTH_TWINS = 50;

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const hasAccent = (text: string) => withoutAccents(text) !== text;
const emailPart = (name: string) =>
  withoutAccents(name)
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
/** In capitals where that is the same name in another case ("Yılmaz" in capitals, "YILMAZ", lower-cases to "yilmaz"). */
const capitals = (name: string) => (foldText(name.toUpperCase()) === foldText(name) ? name.toUpperCase() : name);
/** "lucia.perez12@example.com" → "Lucia.Perez12@Example.com": the same email in another case. */
const otherCase = (email: string) =>
  email.replace(/(^|[.@])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase());

/** Registrations spread over ten years of opening hours, on the minute (as generateClients). */
const FIRST_DAY = Date.parse('2016-01-04T00:00:00Z');
const DAYS = 3650;

/**
 * `count` clients (the planted duplicates among them), the same for the same count and seed. Throws when the lists
 * cannot give that many distinct names.
 */
export function salonClients(count: number, seed = 29): ClientInput[] {
  for (const names of [FIRST_NAMES, LAST_NAMES]) {
    if (new Set(names.map(foldText)).size !== names.length) throw new Error('Two names of a list are one once folded');
  }
  const [firstNames, lastNames] = [FIRST_NAMES, LAST_NAMES];
  const planted = EMAIL_TWINS + NAME_TWINS + BOTH_TWINS;
  const originals = count - planted;
  // Distinct names for the originals and for the email twins (named otherwise than their originals), drawn without
  // replacement; the space must stay well above what is drawn, or drawing slows down.
  const names = originals + EMAIL_TWINS;
  if (originals < planted || names > 0.8 * firstNames.length * lastNames.length) {
    throw new Error(`salonClients: ${count} clients is out of range`);
  }
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const registered = () => {
    const day = FIRST_DAY + Math.floor(random() * DAYS) * 86_400_000;
    const minute = 9 * 60 + Math.floor(random() * 10 * 60);
    return new Date(day + minute * 60_000).toISOString().slice(0, 16);
  };
  const used = new Set<number>();
  const distinctName = () => {
    for (;;) {
      const drawn = Math.floor(random() * firstNames.length * lastNames.length);
      if (used.has(drawn)) continue;
      used.add(drawn);
      return {
        firstName: firstNames[drawn % firstNames.length] as string,
        lastName: lastNames[Math.floor(drawn / firstNames.length)] as string,
      };
    }
  };
  const email = (firstName: string, lastName: string, index: number) =>
    `${emailPart(firstName)}.${emailPart(lastName)}${index}@${pick(DOMAINS)}`;

  const clients: ClientInput[] = [];
  for (let index = 0; index < originals; index += 1) {
    const { firstName, lastName } = distinctName();
    clients.push({ firstName, lastName, email: email(firstName, lastName, index), registrationDateTime: registered() });
  }
  // Each planted duplicate has an original of its own: one pair each.
  const accented = clients.flatMap((client, index) => (hasAccent(client.firstName + client.lastName) ? [index] : []));
  const plain = clients.flatMap((client, index) => (hasAccent(client.firstName + client.lastName) ? [] : [index]));
  const draw = (from: number[]) => from.splice(Math.floor(random() * from.length), 1)[0] as number;
  const twins: ClientInput[] = [];
  for (let twin = 0; twin < EMAIL_TWINS; twin += 1) {
    const original = clients[draw(plain)] as ClientInput;
    twins.push({ ...distinctName(), email: otherCase(original.email), registrationDateTime: registered() });
  }
  for (let twin = 0; twin < NAME_TWINS; twin += 1) {
    const original = clients[draw(accented)] as ClientInput;
    twins.push({
      firstName: capitals(withoutAccents(original.firstName)),
      lastName: capitals(withoutAccents(original.lastName)),
      email: email(original.firstName, original.lastName, originals + twin),
      registrationDateTime: registered(),
    });
  }
  for (let twin = 0; twin < BOTH_TWINS; twin += 1) {
    const original = clients[draw(accented)] as ClientInput;
    twins.push({
      ...original,
      firstName: withoutAccents(original.firstName),
      email: otherCase(original.email),
      registrationDateTime: registered(),
    });
  }
  // The twins among the others, as they came in over the years, each checked against the contract.
  for (const twin of twins) clients.splice(Math.floor(random() * (clients.length + 1)), 0, twin);
  return clients.map((client) => ClientInput.parse(client));
}
