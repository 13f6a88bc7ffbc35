/**
 * A small gazetteer of the five countries the shop has stores in (US, DE, FR, PL, RO): where a postal code or
 * a place name a shopper types lies, so that the store finder can sort stores by distance from it without
 * asking any service on the network (ADR 0043).
 *
 * A postal code is placed by its postal area, the leading digits its country's post sorts by: the German
 * Leitregion (2 digits), the French département (2), the Polish area (2), the Romanian county (2 of 6) and
 * the US sectional center (3 of the ZIP code). Each area is placed at its main town, so a distance from a
 * postal code is the distance from that town: good to a few dozen kilometres, which is what ordering stores
 * hundreds of kilometres apart needs. A place name is matched whole, in any of the spellings listed (native,
 * English, German, French, Polish, Romanian), without regard to case, accents or hyphens.
 */

export type Place = {
  countryCode: string
  /** The place's names, the native one first. */
  names: readonly string[]
  /** Leading digits of the postal codes of the area the place stands for (its country's postal areas). */
  postalAreas: readonly string[]
  latitude: number
  longitude: number
}

type Row = readonly [names: string, postalAreas: string, latitude: number, longitude: number]

const country = (countryCode: string, rows: readonly Row[]): Place[] =>
  rows.map(([names, areas, latitude, longitude]) => ({
    countryCode,
    names: names.split('|'),
    postalAreas: areas ? areas.split(',') : [],
    latitude,
    longitude,
  }))

/** Germany: every Leitregion (the first two digits of a postal code) at its main town. */
const DE: Row[] = [
  ['Dresden', '01', 51.0504, 13.7373],
  ['Görlitz', '02', 51.1526, 14.9872],
  ['Cottbus', '03', 51.7563, 14.3329],
  ['Leipzig|Lipsk|Lipsca', '04', 51.3397, 12.3731],
  ['Halle (Saale)|Halle', '06', 51.497, 11.9688],
  ['Gera', '07', 50.8806, 12.0833],
  ['Zwickau', '08', 50.7189, 12.4961],
  ['Chemnitz', '09', 50.8278, 12.9214],
  ['Berlin|Berlín|Berlino', '10,12,13', 52.52, 13.405],
  ['Potsdam', '14', 52.3906, 13.0645],
  ['Frankfurt (Oder)|Frankfurt an der Oder|Frankfurt nad Odrą', '15', 52.3471, 14.5506],
  ['Oranienburg', '16', 52.7545, 13.2369],
  ['Neubrandenburg', '17', 53.557, 13.261],
  ['Rostock', '18', 54.0924, 12.0991],
  ['Schwerin', '19', 53.6355, 11.4012],
  ['Hamburg|Hambourg', '20,21,22', 53.5511, 9.9937],
  ['Lübeck|Lubeka', '23', 53.8655, 10.6866],
  ['Kiel|Kilonia', '24', 54.3233, 10.1228],
  ['Itzehoe', '25', 53.925, 9.5164],
  ['Oldenburg', '26', 53.1435, 8.2146],
  ['Bremerhaven', '27', 53.5396, 8.5809],
  ['Bremen|Brême|Brema', '28', 53.0793, 8.8017],
  ['Celle', '29', 52.6226, 10.0805],
  ['Hannover|Hanover|Hanovre|Hanower', '30', 52.3759, 9.732],
  ['Hildesheim', '31', 52.1508, 9.9511],
  ['Minden', '32', 52.289, 8.914],
  ['Bielefeld', '33', 52.0302, 8.5325],
  ['Kassel', '34', 51.3127, 9.4797],
  ['Gießen|Giessen', '35', 50.5841, 8.6784],
  ['Fulda', '36', 50.5558, 9.6808],
  ['Göttingen|Getynga', '37', 51.5413, 9.9158],
  ['Braunschweig|Brunswick|Brunszwik', '38', 52.2689, 10.5268],
  ['Magdeburg|Magdebourg', '39', 52.1205, 11.6276],
  ['Düsseldorf|Dusseldorf', '40', 51.2277, 6.7735],
  ['Mönchengladbach', '41', 51.1805, 6.4428],
  ['Wuppertal', '42', 51.2562, 7.1508],
  ['Dortmund', '44', 51.5136, 7.4653],
  ['Essen', '45', 51.4556, 7.0116],
  ['Oberhausen', '46', 51.4963, 6.8638],
  ['Duisburg', '47', 51.4344, 6.7623],
  ['Münster|Munster', '48', 51.9607, 7.6261],
  ['Osnabrück', '49', 52.2799, 8.0472],
  ['Köln|Cologne|Kolonia|Koeln', '50,51', 50.9375, 6.9603],
  ['Aachen|Aix-la-Chapelle|Akwizgran', '52', 50.7753, 6.0839],
  ['Bonn', '53', 50.7374, 7.0982],
  ['Trier|Trèves', '54', 49.749, 6.6371],
  ['Mainz|Mayence|Moguncja', '55', 49.9929, 8.2473],
  ['Koblenz|Coblence', '56', 50.3569, 7.589],
  ['Siegen', '57', 50.8748, 8.0243],
  ['Hagen', '58', 51.3671, 7.4633],
  ['Hamm', '59', 51.6739, 7.815],
  [
    'Frankfurt am Main|Frankfurt|Francfort|Francfort-sur-le-Main|Frankfurt nad Menem',
    '60,61',
    50.1109,
    8.6821,
  ],
  ['Offenbach am Main|Offenbach', '63', 50.0956, 8.7761],
  ['Darmstadt', '64', 49.8728, 8.6512],
  ['Wiesbaden', '65', 50.0782, 8.2398],
  ['Saarbrücken|Sarrebruck', '66', 49.2402, 6.9969],
  ['Kaiserslautern', '67', 49.4447, 7.769],
  ['Mannheim', '68', 49.4875, 8.466],
  ['Heidelberg', '69', 49.3988, 8.6724],
  ['Stuttgart|Stoccarda', '70,71', 48.7758, 9.1829],
  ['Tübingen', '72', 48.5216, 9.0576],
  ['Esslingen am Neckar|Esslingen', '73', 48.7406, 9.3108],
  ['Heilbronn', '74', 49.1427, 9.2109],
  ['Pforzheim', '75', 48.8922, 8.6946],
  ['Karlsruhe', '76', 49.0069, 8.4037],
  ['Offenburg', '77', 48.4708, 7.9408],
  ['Konstanz|Constance', '78', 47.6603, 9.1758],
  ['Freiburg im Breisgau|Freiburg|Fribourg-en-Brisgau', '79', 47.999, 7.8421],
  ['München|Munich|Monachium|Munchen', '80,81', 48.1351, 11.582],
  ['Rosenheim', '83', 47.8571, 12.1181],
  ['Landshut', '84', 48.5442, 12.1469],
  ['Ingolstadt', '85', 48.7665, 11.4258],
  ['Augsburg|Augsbourg', '86', 48.3705, 10.8978],
  ['Kempten (Allgäu)|Kempten', '87', 47.7286, 10.3158],
  ['Ravensburg', '88', 47.7819, 9.611],
  ['Ulm', '89', 48.4011, 9.9876],
  ['Nürnberg|Nuremberg|Nuremberga|Norymberga', '90,91', 49.4521, 11.0767],
  ['Amberg', '92', 49.4448, 11.8583],
  ['Regensburg|Ratisbonne|Ratyzbona', '93', 49.0134, 12.1016],
  ['Passau|Pasawa', '94', 48.5667, 13.4319],
  ['Bayreuth', '95', 49.9456, 11.5713],
  ['Bamberg', '96', 49.8988, 10.9028],
  ['Würzburg|Wurtzbourg', '97', 49.7913, 9.9534],
  ['Suhl', '98', 50.6091, 10.6939],
  ['Erfurt', '99', 50.9848, 11.0299],
]

/** France: the départements (the first two digits of a code postal) at their main town. */
const FR: Row[] = [
  ['Bourg-en-Bresse', '01', 46.2052, 5.2255],
  ['Saint-Quentin', '02', 49.8465, 3.2876],
  ['Moulins', '03', 46.5646, 3.3326],
  ['Digne-les-Bains', '04', 44.0925, 6.2356],
  ['Gap', '05', 44.5594, 6.0786],
  ['Nice|Nizza|Nicea|Nisa', '06', 43.7102, 7.262],
  ['Privas', '07', 44.7352, 4.5992],
  ['Charleville-Mézières', '08', 49.7621, 4.7265],
  ['Foix', '09', 42.9653, 1.6069],
  ['Troyes', '10', 48.2973, 4.0744],
  ['Carcassonne', '11', 43.213, 2.3491],
  ['Rodez', '12', 44.3506, 2.575],
  ['Marseille|Marseilles|Marsylia|Marsilia', '13', 43.2965, 5.3698],
  ['Caen', '14', 49.1829, -0.3707],
  ['Aurillac', '15', 44.9264, 2.4397],
  ['Angoulême', '16', 45.6484, 0.1562],
  ['La Rochelle', '17', 46.1603, -1.1511],
  ['Bourges', '18', 47.081, 2.3988],
  ['Brive-la-Gaillarde|Brive', '19', 45.1589, 1.5321],
  ['Ajaccio', '20', 41.9192, 8.7386],
  ['Dijon|Dijonu', '21', 47.322, 5.0415],
  ['Saint-Brieuc', '22', 48.5141, -2.7603],
  ['Guéret', '23', 46.1716, 1.8717],
  ['Périgueux', '24', 45.1846, 0.7214],
  ['Besançon', '25', 47.2378, 6.0241],
  ['Valence', '26', 44.9334, 4.8924],
  ['Évreux', '27', 49.0241, 1.1508],
  ['Chartres', '28', 48.4439, 1.489],
  ['Brest', '29', 48.3904, -4.4861],
  ['Nîmes', '30', 43.8367, 4.3601],
  ['Toulouse|Tuluza', '31', 43.6047, 1.4442],
  ['Auch', '32', 43.6465, 0.5855],
  ['Bordeaux', '33', 44.8378, -0.5792],
  ['Montpellier', '34', 43.6108, 3.8767],
  ['Rennes', '35', 48.1173, -1.6778],
  ['Châteauroux', '36', 46.8103, 1.6913],
  ['Tours', '37', 47.3941, 0.6848],
  ['Grenoble', '38', 45.1885, 5.7245],
  ['Lons-le-Saunier', '39', 46.6744, 5.5549],
  ['Mont-de-Marsan', '40', 43.8902, -0.4994],
  ['Blois', '41', 47.5861, 1.3359],
  ['Saint-Étienne', '42', 45.4397, 4.3872],
  ['Le Puy-en-Velay', '43', 45.0434, 3.8855],
  ['Nantes', '44', 47.2184, -1.5536],
  ['Orléans', '45', 47.903, 1.9093],
  ['Cahors', '46', 44.4475, 1.4419],
  ['Agen', '47', 44.2033, 0.6163],
  ['Mende', '48', 44.5181, 3.5007],
  ['Angers', '49', 47.4784, -0.5632],
  ['Cherbourg-en-Cotentin|Cherbourg', '50', 49.6337, -1.6222],
  ['Reims', '51', 49.2583, 4.0317],
  ['Chaumont', '52', 48.1113, 5.1392],
  ['Laval', '53', 48.0706, -0.7734],
  ['Nancy', '54', 48.6921, 6.1844],
  ['Verdun', '55', 49.1598, 5.3844],
  ['Vannes', '56', 47.6582, -2.7608],
  ['Metz', '57', 49.1193, 6.1757],
  ['Nevers', '58', 46.9908, 3.159],
  ['Lille|Lila', '59', 50.6292, 3.0573],
  ['Beauvais', '60', 49.43, 2.081],
  ['Alençon', '61', 48.4329, 0.0913],
  ['Arras', '62', 50.291, 2.7775],
  ['Clermont-Ferrand', '63', 45.7772, 3.087],
  ['Pau', '64', 43.2951, -0.3708],
  ['Tarbes', '65', 43.2328, 0.0781],
  ['Perpignan', '66', 42.6887, 2.8948],
  ['Strasbourg|Straßburg|Strassburg|Strasburg', '67', 48.5734, 7.7521],
  ['Mulhouse|Mülhausen', '68', 47.7508, 7.3359],
  ['Lyon|Lyons|Lione|Lyonu', '69', 45.764, 4.8357],
  ['Vesoul', '70', 47.6229, 6.1555],
  ['Chalon-sur-Saône', '71', 46.7806, 4.8537],
  ['Le Mans', '72', 48.0061, 0.1996],
  ['Chambéry', '73', 45.5646, 5.9178],
  ['Annecy', '74', 45.8992, 6.1294],
  ['Paris|Paryż', '75', 48.8566, 2.3522],
  ['Rouen', '76', 49.4432, 1.0999],
  ['Melun', '77', 48.5421, 2.6554],
  ['Versailles|Wersal', '78', 48.8049, 2.1204],
  ['Niort', '79', 46.3237, -0.4588],
  ['Amiens', '80', 49.8941, 2.2958],
  ['Albi', '81', 43.9289, 2.1464],
  ['Montauban', '82', 44.0176, 1.355],
  ['Toulon|Tulon', '83', 43.1242, 5.928],
  ['Avignon|Awinion', '84', 43.9493, 4.8055],
  ['La Roche-sur-Yon', '85', 46.6706, -1.426],
  ['Poitiers', '86', 46.5802, 0.3404],
  ['Limoges', '87', 45.8336, 1.2611],
  ['Épinal', '88', 48.1724, 6.4496],
  ['Auxerre', '89', 47.7982, 3.5673],
  ['Belfort', '90', 47.638, 6.8628],
  ['Évry-Courcouronnes|Évry', '91', 48.629, 2.441],
  ['Nanterre', '92', 48.8924, 2.2071],
  ['Saint-Denis', '93', 48.9362, 2.3574],
  ['Créteil', '94', 48.7904, 2.4556],
  ['Cergy', '95', 49.0364, 2.0761],
]

/** Poland: the postal areas (the first two digits of a kod pocztowy) at their main town. */
const PL: Row[] = [
  ['Warszawa|Warsaw|Warschau|Varsovie|Varșovia', '00,01,02,03,04', 52.2297, 21.0122],
  ['Pruszków', '05', 52.1709, 20.8122],
  ['Ciechanów', '06', 52.8813, 20.62],
  ['Ostrołęka', '07', 53.0843, 21.565],
  ['Siedlce', '08', 52.1676, 22.2902],
  ['Płock', '09', 52.5463, 19.7065],
  ['Olsztyn|Allenstein', '10,11', 53.7784, 20.4801],
  ['Białystok', '15,16', 53.1325, 23.1688],
  ['Łomża', '18', 53.1781, 22.059],
  ['Ełk', '19', 53.828, 22.3647],
  ['Lublin', '20,21', 51.2465, 22.5684],
  ['Zamość', '22', 50.7231, 23.252],
  ['Puławy', '24', 51.4165, 21.969],
  ['Kielce', '25', 50.8661, 20.6286],
  ['Radom', '26', 51.4027, 21.1471],
  ['Ostrowiec Świętokrzyski', '27', 50.9294, 21.3853],
  ['Kraków|Krakow|Cracow|Krakau|Cracovie|Cracovia', '30,31,32', 50.0647, 19.945],
  ['Tarnów', '33', 50.0121, 20.9858],
  ['Zakopane', '34', 49.2992, 19.9496],
  ['Rzeszów', '35,36', 50.0412, 21.9991],
  ['Przemyśl', '37', 49.7838, 22.7678],
  ['Krosno', '38', 49.6887, 21.7706],
  ['Mielec', '39', 50.287, 21.4239],
  ['Katowice|Kattowitz', '40,41', 50.2649, 19.0238],
  ['Częstochowa', '42', 50.8118, 19.1203],
  ['Bielsko-Biała', '43', 49.8224, 19.0584],
  ['Gliwice|Gleiwitz', '44', 50.2945, 18.6714],
  ['Opole|Oppeln', '45,46', 50.6751, 17.9213],
  ['Kędzierzyn-Koźle', '47', 50.3493, 18.2264],
  ['Wrocław|Wroclaw|Breslau|Breslavia', '50,51,52,53,54', 51.1079, 17.0385],
  ['Oleśnica', '56', 51.2094, 17.3833],
  ['Kłodzko', '57', 50.4346, 16.6616],
  ['Wałbrzych', '58', 50.7714, 16.2843],
  ['Legnica|Liegnitz', '59', 51.207, 16.1619],
  ['Poznań|Poznan|Posen|Poznanie', '60,61', 52.4064, 16.9252],
  ['Konin', '62', 52.223, 18.2511],
  ['Ostrów Wielkopolski', '63', 51.655, 17.8062],
  ['Leszno', '64', 51.8403, 16.5749],
  ['Zielona Góra', '65', 51.9356, 15.5062],
  ['Gorzów Wielkopolski', '66', 52.7368, 15.2288],
  ['Szczecin|Stettin', '70,71', 53.4285, 14.5528],
  ['Świnoujście', '72', 53.9105, 14.2471],
  ['Stargard', '73', 53.3365, 15.05],
  ['Koszalin', '75', 54.1943, 16.1714],
  ['Słupsk', '76', 54.4641, 17.0285],
  ['Kołobrzeg', '78', 54.1757, 15.5833],
  ['Gdańsk|Gdansk|Danzig|Dantzig', '80,83', 54.352, 18.6466],
  ['Gdynia', '81', 54.5189, 18.5305],
  ['Elbląg', '82', 54.1561, 19.4045],
  ['Wejherowo', '84', 54.6059, 18.2353],
  ['Bydgoszcz|Bromberg', '85,86', 53.1235, 18.0084],
  ['Toruń|Thorn', '87', 53.0138, 18.5984],
  ['Inowrocław', '88', 52.7931, 18.2611],
  ['Łódź|Lodz', '90,91,92,93,94', 51.7592, 19.456],
  ['Zgierz', '95', 51.8555, 19.4063],
  ['Skierniewice', '96', 51.9548, 20.1588],
  ['Piotrków Trybunalski', '97', 51.4052, 19.703],
  ['Sieradz', '98', 51.5956, 18.7305],
  ['Kutno', '99', 52.2306, 19.3641],
]

/** Romania: the counties (the first two of a code poștal's six digits) at their seat. */
const RO: Row[] = [
  ['București|Bucharest|Bukarest|Bucarest|Bukareszt', '01,02,03,04,05,06', 44.4268, 26.1025],
  ['Voluntari', '07', 44.4905, 26.1761],
  ['Giurgiu', '08', 43.9037, 25.9699],
  ['Ploiești', '10', 44.9365, 26.0129],
  ['Pitești', '11', 44.8565, 24.8692],
  ['Buzău', '12', 45.15, 26.8333],
  ['Târgoviște', '13', 44.9254, 25.4567],
  ['Alexandria', '14', 43.9686, 25.3327],
  ['Craiova', '20', 44.3302, 23.7949],
  ['Târgu Jiu', '21', 45.0364, 23.2743],
  ['Drobeta-Turnu Severin', '22', 44.6369, 22.6597],
  ['Slatina', '23', 44.43, 24.37],
  ['Râmnicu Vâlcea', '24', 45.1047, 24.375],
  ['Timișoara|Timisoara|Temeswar|Temeschburg|Temeszwar', '30', 45.7489, 21.2087],
  ['Arad', '31', 46.1866, 21.3123],
  ['Reșița', '32', 45.3008, 21.8892],
  ['Deva', '33', 45.8667, 22.9],
  ['Cluj-Napoca|Cluj|Klausenburg', '40', 46.7712, 23.6236],
  ['Oradea|Großwardein', '41', 47.0465, 21.9189],
  ['Bistrița', '42', 47.1357, 24.4937],
  ['Baia Mare', '43', 47.6567, 23.585],
  ['Satu Mare', '44', 47.7928, 22.8857],
  ['Zalău', '45', 47.1911, 23.0573],
  ['Brașov|Brasov|Kronstadt|Braszów', '50', 45.6427, 25.5887],
  ['Alba Iulia', '51', 46.0733, 23.5805],
  ['Sfântu Gheorghe', '52', 45.8636, 25.7876],
  ['Miercurea Ciuc', '53', 46.3595, 25.8018],
  ['Târgu Mureș', '54', 46.5425, 24.5575],
  ['Sibiu|Hermannstadt|Sybin', '55', 45.7983, 24.1256],
  ['Bacău', '60', 46.567, 26.9146],
  ['Piatra Neamț', '61', 46.9275, 26.3709],
  ['Focșani', '62', 45.696, 27.1865],
  ['Iași|Iasi|Jassy', '70', 47.1585, 27.6014],
  ['Botoșani', '71', 47.7486, 26.6694],
  ['Suceava', '72', 47.6514, 26.2556],
  ['Vaslui', '73', 46.6407, 27.7276],
  ['Galați', '80', 45.4353, 28.008],
  ['Brăila', '81', 45.2692, 27.9575],
  ['Tulcea', '82', 45.1716, 28.7914],
  ['Constanța|Constanta|Konstanca', '90', 44.1598, 28.6348],
  ['Călărași', '91', 44.2058, 27.3134],
  ['Slobozia', '92', 44.5647, 27.3621],
]

/** The United States: the sectional centers (the first three digits of a ZIP code) of the big metros. */
const US: Row[] = [
  ['New York|New York City|NYC|Nowy Jork', '100,101,102,103,104', 40.7128, -74.006],
  ['Brooklyn', '112', 40.6782, -73.9442],
  ['Queens', '110,111,113,114,116', 40.7282, -73.7949],
  ['Newark', '070,071', 40.7357, -74.1724],
  ['Jersey City', '073', 40.7178, -74.0431],
  ['Hartford', '061', 41.7658, -72.6734],
  ['Providence', '029', 41.824, -71.4128],
  ['Boston', '021,022', 42.3601, -71.0589],
  ['Albany', '122', 42.6526, -73.7562],
  ['Buffalo', '142', 42.8864, -78.8784],
  ['Philadelphia|Filadelfia', '190,191', 39.9526, -75.1652],
  ['Pittsburgh', '152', 40.4406, -79.9959],
  ['Baltimore', '212', 39.2904, -76.6122],
  ['Washington|Washington, D.C.|Waszyngton', '200,202,203,204,205', 38.9072, -77.0369],
  ['Raleigh', '276', 35.7796, -78.6382],
  ['Charlotte', '282', 35.2271, -80.8431],
  ['Atlanta', '300,301,303', 33.749, -84.388],
  ['Jacksonville', '322', 30.3322, -81.6557],
  ['Orlando', '328', 28.5383, -81.3792],
  ['Miami|Majami', '331', 25.7617, -80.1918],
  ['Tampa', '336', 27.9506, -82.4572],
  ['Birmingham', '352', 33.5186, -86.8104],
  ['Nashville', '372', 36.1627, -86.7816],
  ['Memphis', '381', 35.1495, -90.049],
  ['Louisville', '402', 38.2527, -85.7585],
  ['Columbus', '432', 39.9612, -82.9988],
  ['Cleveland', '441', 41.4993, -81.6944],
  ['Cincinnati', '452', 39.1031, -84.512],
  ['Indianapolis', '462', 39.7684, -86.1581],
  ['Detroit', '482', 42.3314, -83.0458],
  ['Milwaukee', '532', 43.0389, -87.9065],
  ['Minneapolis', '554', 44.9778, -93.265],
  ['Chicago', '606,607,608', 41.8781, -87.6298],
  ['St. Louis|Saint Louis', '631', 38.627, -90.1994],
  ['Kansas City', '641', 39.0997, -94.5786],
  ['New Orleans|Nowy Orlean|La Nouvelle-Orléans', '701', 29.9511, -90.0715],
  ['Oklahoma City', '731', 35.4676, -97.5164],
  ['Dallas', '750,751,752,753', 32.7767, -96.797],
  ['Fort Worth', '761', 32.7555, -97.3308],
  ['Houston', '770,772', 29.7604, -95.3698],
  ['San Antonio', '782', 29.4241, -98.4936],
  ['Austin', '787', 30.2672, -97.7431],
  ['Denver', '802', 39.7392, -104.9903],
  ['Salt Lake City', '841', 40.7608, -111.891],
  ['Phoenix', '850', 33.4484, -112.074],
  ['Albuquerque', '871', 35.0844, -106.6504],
  ['Las Vegas', '891', 36.1699, -115.1398],
  ['Los Angeles', '900,901', 34.0522, -118.2437],
  ['San Diego', '921', 32.7157, -117.1611],
  ['San Francisco', '941', 37.7749, -122.4194],
  ['Oakland', '946', 37.8044, -122.2712],
  ['San Jose', '951', 37.3382, -121.8863],
  ['Sacramento', '958', 38.5816, -121.4944],
  ['Portland', '972', 45.5152, -122.6784],
  ['Seattle', '981', 47.6062, -122.3321],
  ['Anchorage', '995', 61.2181, -149.9003],
  ['Honolulu', '968', 21.3069, -157.8583],
]

export const PLACES: readonly Place[] = [
  ...country('DE', DE),
  ...country('FR', FR),
  ...country('PL', PL),
  ...country('RO', RO),
  ...country('US', US),
]

/** Postal codes by country, as the gazetteer reads them (a Polish one with its hyphen, which alone sets it apart). */
const POSTAL_CODE: Record<string, RegExp> = {
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  RO: /^\d{6}$/,
  US: /^\d{5}(-?\d{4})?$/,
}

/**
 * A place name as compared: lower case, without accents (Łódź and Lodz, München and Munchen are one), with
 * hyphens, dots, apostrophes and runs of spaces as one space ("Cluj Napoca", "St Louis").
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/[-'’.,()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A typed postal code without spaces; undefined when the text is not one (it has letters, or no digits). */
export function postalCodeOf(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '')
  return /^\d[\d-]*\d$/.test(compact) ? compact : undefined
}

/** Where a typed text lies: found (one place), unknown, or ambiguous between places of several countries. */
export type PlaceLookup =
  { kind: 'found'; place: Place } | { kind: 'unknown' } | { kind: 'ambiguous'; countryCodes: string[] }

/** The places a postal code lies in, one per country: the place whose postal area is the longest prefix. */
function byPostalCode(code: string, places: readonly Place[]): Place[] {
  const best = new Map<string, { place: Place; length: number }>()
  for (const place of places) {
    const format = POSTAL_CODE[place.countryCode]
    if (!format?.test(code)) continue
    const digits = code.replace(/-/g, '')
    for (const area of place.postalAreas) {
      if (!digits.startsWith(area)) continue
      const current = best.get(place.countryCode)
      if (!current || area.length > current.length)
        best.set(place.countryCode, { place, length: area.length })
    }
  }
  return [...best.values()].map((entry) => entry.place)
}

/** The places named so, in the order of the gazetteer. */
function byName(name: string, places: readonly Place[]): Place[] {
  const key = placeKey(name)
  if (!key) return []
  return places.filter((place) => place.names.some((candidate) => placeKey(candidate) === key))
}

/**
 * Where a postal code or place name lies. `preferredCountry` (the country the shopper looks in) decides
 * when the text is known in several countries (10115 is a Berlin postal code and a New York ZIP code);
 * without it, or when it is not one of them, the answer is ambiguous, naming the countries.
 */
export function lookUpPlace(
  text: string,
  preferredCountry?: string,
  places: readonly Place[] = PLACES,
): PlaceLookup {
  const code = postalCodeOf(text)
  const found = code ? byPostalCode(code, places) : byName(text, places)
  if (found.length === 0) return { kind: 'unknown' }
  const preferred = preferredCountry?.toUpperCase()
  const inPreferred = found.filter((place) => place.countryCode === preferred)
  const candidates = inPreferred.length > 0 ? inPreferred : found
  const countryCodes = [...new Set(candidates.map((place) => place.countryCode))].sort()
  if (countryCodes.length > 1) return { kind: 'ambiguous', countryCodes }
  return { kind: 'found', place: candidates[0]! }
}
