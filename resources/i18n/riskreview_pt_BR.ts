<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>app</name>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Preferences...</source>
        <translation>&amp;Preferências...</translation>
    </message>
</context>
<context>
    <name>dialogs.about</name>
    <message>
        <source>Disclosure-risk review of microdata before release: re-identification and attribute-inference attacks over every subset of the quasi-identifiers (Nunes 2021). Everything runs on this computer; nothing is sent anywhere.</source>
        <translation>Revisão do risco de divulgação de microdados antes da publicação: ataques de reidentificação e de inferência de atributo sobre todos os subconjuntos dos quase-identificadores (Nunes 2021). Tudo roda neste computador; nada é enviado a lugar algum.</translation>
    </message>
    <message>
        <source>RiskReview is licensed under the {name} ({licence}); the full text is in LICENSE, and every bundled component&apos;s licence in the licenses folder of the package (THIRD-PARTY.txt lists them with their versions).</source>
        <translation>O RiskReview é distribuído sob a {name} ({licence}); o texto completo está em LICENSE, e a licença de cada componente incluído está na pasta licenses do pacote (THIRD-PARTY.txt as lista com suas versões).</translation>
    </message>
    <message>
        <source>Third-party licences</source>
        <translation>Licenças de terceiros</translation>
    </message>
    <message>
        <source>About RiskReview</source>
        <translation>Sobre o RiskReview</translation>
    </message>
</context>
<context>
    <name>dialogs.import_dialog</name>
    <message>
        <source>Detect</source>
        <translation>Detectar</translation>
    </message>
    <message>
        <source>Comma  ,</source>
        <translation>Vírgula  ,</translation>
    </message>
    <message>
        <source>Semicolon  ;</source>
        <translation>Ponto e vírgula  ;</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tabulação</translation>
    </message>
    <message>
        <source>Pipe  |</source>
        <translation>Barra vertical  |</translation>
    </message>
    <message>
        <source>CSV/TSV text</source>
        <translation>texto CSV/TSV</translation>
    </message>
    <message>
        <source>SAS transport .xpt</source>
        <translation>SAS transport .xpt</translation>
    </message>
    <message>
        <source>Import options: {0}</source>
        <translation>Opções de importação: {0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{0}&lt;/b&gt; ({1}). Check that the columns below look right, then press Open.</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt; ({1}). Confira se as colunas abaixo estão corretas e clique em Abrir.</translation>
    </message>
    <message>
        <source>Delimiter:</source>
        <translation>Delimitador:</translation>
    </message>
    <message>
        <source>Encoding:</source>
        <translation>Codificação:</translation>
    </message>
    <message>
        <source>Sheet:</source>
        <translation>Planilha:</translation>
    </message>
    <message>
        <source>tab</source>
        <translation>tabulação</translation>
    </message>
    <message>
        <source>comma</source>
        <translation>vírgula</translation>
    </message>
    <message>
        <source>semicolon</source>
        <translation>ponto e vírgula</translation>
    </message>
    <message>
        <source>pipe</source>
        <translation>barra vertical</translation>
    </message>
    <message>
        <source>Reading with delimiter: {0}; encoding: {1}. {2} columns; first {3} rows shown.</source>
        <translation>Leitura com delimitador: {0}; codificação: {1}. {2} colunas; primeiras {3} linhas exibidas.</translation>
    </message>
    <message>
        <source>{0} columns; first {1} rows shown.</source>
        <translation>{0} colunas; primeiras {1} linhas exibidas.</translation>
    </message>
</context>
<context>
    <name>dialogs.preferences</name>
    <message>
        <source>Preferences</source>
        <translation>Preferências</translation>
    </message>
    <message>
        <source>Automatic (system language)</source>
        <translation>Automático (idioma do sistema)</translation>
    </message>
    <message>
        <source>Language of the window and of the PDF reports. An analysis file&apos;s [report] language, when set, decides its report&apos;s language.</source>
        <translation>Idioma da janela e dos relatórios em PDF. Quando definido, o idioma em [report] de um arquivo de análise decide o idioma do relatório dessa análise.</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Idioma:</translation>
    </message>
    <message>
        <source>A new language takes effect when RiskReview is started again.</source>
        <translation>Um novo idioma passa a valer quando o RiskReview for aberto novamente.</translation>
    </message>
</context>
<context>
    <name>dialogs.subset_dialog</name>
    <message>
        <source>Add a set of quasi-identifiers</source>
        <translation>Adicionar um conjunto de quase-identificadores</translation>
    </message>
    <message>
        <source>Tick the quasi-identifiers one attacker knows together:</source>
        <translation>Marque os quase-identificadores que um mesmo atacante conhece em conjunto:</translation>
    </message>
</context>
<context>
    <name>dialogs.target_dialog</name>
    <message>
        <source>Add an individual target</source>
        <translation>Adicionar um alvo individual</translation>
    </message>
    <message>
        <source>Type the values the attacker knows about one person. Leave a field empty when the attacker does not know it; type {0} for a missing value.</source>
        <translation>Digite os valores que o atacante conhece sobre uma pessoa. Deixe um campo vazio quando o atacante não o conhece; digite {0} para um valor ausente.</translation>
    </message>
    <message>
        <source>not known to the attacker</source>
        <translation>desconhecido pelo atacante</translation>
    </message>
</context>
<context>
    <name>dp.counting_form</name>
    <message>
        <source>both mechanisms</source>
        <translation>os dois mecanismos</translation>
    </message>
    <message>
        <source>oblivious (central) only</source>
        <translation>somente oblivious (central)</translation>
    </message>
    <message>
        <source>local only</source>
        <translation>somente local</translation>
    </message>
    <message>
        <source>Counting queries on a table</source>
        <translation>Consultas de contagem sobre uma tabela</translation>
    </message>
    <message>
        <source>Data file:</source>
        <translation>Arquivo de dados:</translation>
    </message>
    <message>
        <source>a CSV, Parquet, Excel, SPSS, Stata or SAS file</source>
        <translation>um arquivo CSV, Parquet, Excel, SPSS, Stata ou SAS</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Procurar...</translation>
    </message>
    <message>
        <source>Secret (sensitive) column:</source>
        <translation>Coluna secreta (sensível):</translation>
    </message>
    <message>
        <source>What the attacker wants to learn about the new record (e.g. income).</source>
        <translation>O que o atacante quer descobrir sobre o novo registro (p. ex. a renda).</translation>
    </message>
    <message>
        <source>choose a column</source>
        <translation>escolha uma coluna</translation>
    </message>
    <message>
        <source>Counted (useful) column:</source>
        <translation>Coluna contada (útil):</translation>
    </message>
    <message>
        <source>The column the published count is about.</source>
        <translation>A coluna a que se refere a contagem publicada.</translation>
    </message>
    <message>
        <source>Count the records whose counted value is one of:</source>
        <translation>Contar os registros cujo valor contado é um destes:</translation>
    </message>
    <message>
        <source>Tick the values of the counted column that the query counts.</source>
        <translation>Marque os valores da coluna contada que a consulta conta.</translation>
    </message>
    <message>
        <source>Choose the counted column to list its values.</source>
        <translation>Escolha a coluna contada para listar os seus valores.</translation>
    </message>
    <message>
        <source>Domain order (local mechanism):</source>
        <translation>Ordem do domínio (mecanismo local):</translation>
    </message>
    <message>
        <source>default: the order listed above</source>
        <translation>padrão: a ordem listada acima</translation>
    </message>
    <message>
        <source>Empty: numeric order when every value is a number, else order of first appearance (as listed above). Otherwise every value, comma separated, e.g. low, medium, high: the local mechanism reports nearby values more often.</source>
        <translation>Vazio: ordem numérica quando todos os valores são números; senão, ordem da primeira ocorrência (como listado acima). Caso contrário, todos os valores separados por vírgula, p. ex. baixo, médio, alto: o mecanismo local divulga valores vizinhos com mais frequência.</translation>
    </message>
    <message>
        <source>Add query</source>
        <translation>Adicionar consulta</translation>
    </message>
    <message>
        <source>Epsilons</source>
        <translation>Valores de ε</translation>
    </message>
    <message>
        <source>Mechanism:</source>
        <translation>Mecanismo:</translation>
    </message>
    <message>
        <source>Oblivious: the curator adds truncated geometric noise to the true count. Local: every record&apos;s value is perturbed before counting.</source>
        <translation>Oblivious: o curador soma ruído geométrico truncado à contagem verdadeira. Local: o valor de cada registro é perturbado antes da contagem.</translation>
    </message>
    <message>
        <source>Open a data file</source>
        <translation>Abrir um arquivo de dados</translation>
    </message>
    <message>
        <source>Data files ({0});;All files (*)</source>
        <translation>Arquivos de dados ({0});;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Reading the columns...</source>
        <translation>Lendo as colunas...</translation>
    </message>
    <message>
        <source>{name}: {columns} columns.</source>
        <translation>{name}: {columns} colunas.</translation>
    </message>
    <message>
        <source>The file could not be read.</source>
        <translation>Não foi possível ler o arquivo.</translation>
    </message>
    <message>
        <source>The data file could not be read</source>
        <translation>Não foi possível ler o arquivo de dados</translation>
    </message>
    <message>
        <source>Reading the values of {column}...</source>
        <translation>Lendo os valores de {column}...</translation>
    </message>
    <message>
        <source> (the first {listed} are listed)</source>
        <translation> (os primeiros {listed} estão listados)</translation>
    </message>
    <message>
        <source>{column}: {distinct} distinct values{more}, in the default domain order.</source>
        <translation>{column}: {distinct} valores distintos{more}, na ordem padrão do domínio.</translation>
    </message>
    <message>
        <source>The values could not be read.</source>
        <translation>Não foi possível ler os valores.</translation>
    </message>
    <message>
        <source>The column&apos;s values could not be read</source>
        <translation>Não foi possível ler os valores da coluna</translation>
    </message>
    <message>
        <source>The query is not complete</source>
        <translation>A consulta não está completa</translation>
    </message>
    <message>
        <source>The query is already listed</source>
        <translation>A consulta já está na lista</translation>
    </message>
</context>
<context>
    <name>dp.result_tables</name>
    <message>
        <source>Posterior / prior chance of guessing the new record&apos;s sensitive value (multiplicative Bayes leakage). 1 = the noisy count teaches the attacker nothing.</source>
        <translation>Chance a posteriori / a priori de adivinhar o valor sensível do novo registro (vazamento de Bayes multiplicativo). 1 = a contagem com ruído não ensina nada ao atacante.</translation>
    </message>
    <message>
        <source>Chance that the analyst&apos;s best guess of the real count, from the noisy count, is right.</source>
        <translation>Chance de que o melhor palpite do analista sobre a contagem real, a partir da contagem com ruído, esteja certo.</translation>
    </message>
    <message>
        <source>The attacker&apos;s chance of guessing the new record&apos;s sensitive value before the release (the most common value&apos;s share).</source>
        <translation>A chance de o atacante adivinhar o valor sensível do novo registro antes da divulgação (a proporção do valor mais comum).</translation>
    </message>
    <message>
        <source>The attacker&apos;s chance of guessing it after seeing the noisy count.</source>
        <translation>A chance de o atacante adivinhá-lo depois de ver a contagem com ruído.</translation>
    </message>
    <message>
        <source>The analyst&apos;s chance of guessing the real count without the release.</source>
        <translation>A chance de o analista adivinhar a contagem real sem a divulgação.</translation>
    </message>
    <message>
        <source>δ against an attacker who can choose (plant) the known votes: the worst number of known yes-votes (APKDP).</source>
        <translation>δ contra um atacante que pode escolher (plantar) os votos conhecidos: o pior número de votos “sim” conhecidos (APKDP).</translation>
    </message>
    <message>
        <source>δ against an attacker who only observes the known votes: the average over how many of them are yes (PPKDP).</source>
        <translation>δ contra um atacante que apenas observa os votos conhecidos: a média sobre quantos deles são “sim” (PPKDP).</translation>
    </message>
    <message>
        <source>The number of known yes-votes that gives the active attacker the largest δ.</source>
        <translation>O número de votos “sim” conhecidos que dá ao atacante ativo o maior δ.</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Consulta</translation>
    </message>
    <message>
        <source>Mechanism</source>
        <translation>Mecanismo</translation>
    </message>
    <message>
        <source>Privacy loss</source>
        <translation>Perda de privacidade</translation>
    </message>
    <message>
        <source>Prior</source>
        <translation>A priori</translation>
    </message>
    <message>
        <source>Posterior</source>
        <translation>A posteriori</translation>
    </message>
    <message>
        <source>Utility</source>
        <translation>Utilidade</translation>
    </message>
    <message>
        <source>Count prior</source>
        <translation>Contagem a priori</translation>
    </message>
    <message>
        <source>δ active</source>
        <translation>δ ativo</translation>
    </message>
    <message>
        <source>worst known yes-votes</source>
        <translation>pior caso de votos “sim” conhecidos</translation>
    </message>
    <message>
        <source>δ passive</source>
        <translation>δ passivo</translation>
    </message>
</context>
<context>
    <name>dp.results_view</name>
    <message>
        <source>At ε = {epsilon}, an attacker who only observes the {known} known votes (passive) gets δ = {passive}; one who can choose them (active, worst case {worst} known yes-votes) gets δ = {active}. </source>
        <translation>Com ε = {epsilon}, um atacante que apenas observa os {known} votos conhecidos (passivo) obtém δ = {passive}; um que pode escolhê-los (ativo, pior caso de {worst} votos “sim” conhecidos) obtém δ = {active}. </translation>
    </message>
    <message>
        <source>Neither attacker learns anything beyond ε about the target&apos;s vote at this ε.</source>
        <translation>Nenhum dos atacantes aprende nada além de ε sobre o voto do alvo com este ε.</translation>
    </message>
    <message>
        <source>The gap is what controlling the known votes buys: the release protects the target against an attacker who merely knows some votes, but not against one who can plant them.</source>
        <translation>A diferença é o que o controle dos votos conhecidos proporciona: a divulgação protege o alvo contra um atacante que apenas conhece alguns votos, mas não contra um que pode plantá-los.</translation>
    </message>
    <message>
        <source>The curves are close: choosing the known votes gains the attacker little over observing them.</source>
        <translation>As curvas estão próximas: escolher os votos conhecidos pouco acrescenta ao atacante em relação a apenas observá-los.</translation>
    </message>
    <message>
        <source>Choosing the known votes multiplies the attacker&apos;s δ by about {factor} over merely observing them.</source>
        <translation>Escolher os votos conhecidos multiplica o δ do atacante por cerca de {factor} em relação a apenas observá-los.</translation>
    </message>
    <message>
        <source>query</source>
        <translation>consulta</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>consultas</translation>
    </message>
    <message>
        <source>mechanism</source>
        <translation>mecanismo</translation>
    </message>
    <message>
        <source>mechanisms</source>
        <translation>mecanismos</translation>
    </message>
    <message>
        <source>{name}: {rows} records; {queries} {query_word} × {mechanisms} {mechanism_word} × {epsilons} ε.</source>
        <translation>{name}: {rows} registros; {queries} {query_word} × {mechanisms} {mechanism_word} × {epsilons} ε.</translation>
    </message>
    <message>
        <source>Thresholded count: {voters} voters, threshold {threshold}, {known} known votes, p = {p}.</source>
        <translation>Contagem com limiar: {voters} votantes, limiar {threshold}, {known} votos conhecidos, p = {p}.</translation>
    </message>
    <message>
        <source>Computed in {duration}.</source>
        <translation>Calculado em {duration}.</translation>
    </message>
    <message>
        <source>No results yet: add a counting query or include the thresholded count, then Run.</source>
        <translation>Ainda não há resultados: adicione uma consulta de contagem ou inclua a contagem com limiar e clique em Executar.</translation>
    </message>
    <message>
        <source>Solid lines: oblivious (central) mechanism; dashed: local. One colour per query. Point at a dot for its values.</source>
        <translation>Linhas contínuas: mecanismo oblivious (central); tracejadas: local. Uma cor por consulta. Aponte para um ponto para ver os seus valores.</translation>
    </message>
    <message>
        <source>Loss &amp;&amp; utility</source>
        <translation>Perda e utilidade</translation>
    </message>
    <message>
        <source>Up and to the left is better: more utility for less privacy loss. Each dot is one ε.</source>
        <translation>Para cima e para a esquerda é melhor: mais utilidade com menos perda de privacidade. Cada ponto é um ε.</translation>
    </message>
    <message>
        <source>Trade-off</source>
        <translation>Compromisso</translation>
    </message>
    <message>
        <source>Prior/posterior: the attacker&apos;s chance of guessing the new record&apos;s secret; privacy loss is their ratio. Utility and count prior: the analyst&apos;s chance of guessing the real count with and without the release.</source>
        <translation>A priori/a posteriori: a chance de o atacante adivinhar o segredo do novo registro; a perda de privacidade é a razão entre elas. Utilidade e contagem a priori: a chance de o analista adivinhar a contagem real com e sem a divulgação.</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Pontos</translation>
    </message>
    <message>
        <source>Thresholded count</source>
        <translation>Contagem com limiar</translation>
    </message>
    <message>
        <source>Export PDF...</source>
        <translation>Exportar PDF...</translation>
    </message>
    <message>
        <source>Export CSV+JSON...</source>
        <translation>Exportar CSV+JSON...</translation>
    </message>
    <message>
        <source>Warning: {warning}</source>
        <translation>Aviso: {warning}</translation>
    </message>
    <message>
        <source>No thresholded count in this analysis.</source>
        <translation>Esta análise não tem contagem com limiar.</translation>
    </message>
</context>
<context>
    <name>dp.run_bar</name>
    <message>
        <source>{done} / {total} points</source>
        <translation>{done} / {total} pontos</translation>
    </message>
    <message>
        <source>Computing privacy loss and utility</source>
        <translation>Calculando a perda de privacidade e a utilidade</translation>
    </message>
    <message>
        <source>elapsed {duration}</source>
        <translation>decorrido {duration}</translation>
    </message>
    <message>
        <source> · remaining about {duration}</source>
        <translation> · faltam cerca de {duration}</translation>
    </message>
</context>
<context>
    <name>dp.scenario_table</name>
    <message>
        <source>Query</source>
        <translation>Consulta</translation>
    </message>
    <message>
        <source>Domain order</source>
        <translation>Ordem do domínio</translation>
    </message>
    <message>
        <source>default</source>
        <translation>padrão</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Remove this query</source>
        <translation>Remover esta consulta</translation>
    </message>
</context>
<context>
    <name>dp.threshold_form</name>
    <message>
        <source>Thresholded count: passive against active attackers</source>
        <translation>Contagem com limiar: atacantes passivos contra ativos</translation>
    </message>
    <message>
        <source>Include the thresholded count</source>
        <translation>Incluir a contagem com limiar</translation>
    </message>
    <message>
        <source>A count released only when it reaches the threshold. Each voter votes yes with probability p; the attacker knows some of the other votes and wants the target&apos;s.</source>
        <translation>Uma contagem divulgada somente quando atinge o limiar. Cada votante vota “sim” com probabilidade p; o atacante conhece alguns dos outros votos e quer descobrir o do alvo.</translation>
    </message>
    <message>
        <source>0 = no threshold (a plain count).</source>
        <translation>0 = sem limiar (uma contagem simples).</translation>
    </message>
    <message>
        <source>How many of the other voters&apos; votes the attacker knows.</source>
        <translation>Quantos votos dos outros votantes o atacante conhece.</translation>
    </message>
    <message>
        <source>The probability that a voter votes yes (e.g. 0.001).</source>
        <translation>A probabilidade de um votante votar “sim” (p. ex. 0,001).</translation>
    </message>
    <message>
        <source>Voters:</source>
        <translation>Votantes:</translation>
    </message>
    <message>
        <source>Threshold:</source>
        <translation>Limiar:</translation>
    </message>
    <message>
        <source>Known votes:</source>
        <translation>Votos conhecidos:</translation>
    </message>
    <message>
        <source>p (yes):</source>
        <translation>p (sim):</translation>
    </message>
    <message>
        <source>Desfontaines&apos; example</source>
        <translation>Exemplo de Desfontaines</translation>
    </message>
    <message>
        <source>1,000 voters, threshold 100, 100 known votes, a small p: negligible δ for a passive attacker, a large one for an active attacker.</source>
        <translation>1.000 votantes, limiar 100, 100 votos conhecidos, um p pequeno: δ desprezível para um atacante passivo, grande para um atacante ativo.</translation>
    </message>
</context>
<context>
    <name>dp_page</name>
    <message>
        <source>Differential privacy</source>
        <translation>Privacidade diferencial</translation>
    </message>
    <message>
        <source>Open analysis...</source>
        <translation>Abrir análise...</translation>
    </message>
    <message>
        <source>Read a differential-privacy analysis (.toml) saved earlier.</source>
        <translation>Ler uma análise de privacidade diferencial (.toml) salva anteriormente.</translation>
    </message>
    <message>
        <source>Save analysis...</source>
        <translation>Salvar análise...</translation>
    </message>
    <message>
        <source>Write this form to a .toml file (also usable with `riskreview dp --config`).</source>
        <translation>Gravar este formulário em um arquivo .toml (também utilizável com `riskreview dp --config`).</translation>
    </message>
    <message>
        <source>Run the analysis</source>
        <translation>Executar a análise</translation>
    </message>
    <message>
        <source>Compute every query, mechanism and ε, and the thresholded count.</source>
        <translation>Calcular cada consulta, mecanismo e ε, e a contagem com limiar.</translation>
    </message>
    <message>
        <source>Before publishing noisy statistics instead of microdata: how much does an attacker still learn about a person&apos;s sensitive value, and how much can an analyst still trust the count, for each ε?</source>
        <translation>Antes de publicar estatísticas com ruído em vez de microdados: quanto um atacante ainda descobre sobre o valor sensível de uma pessoa, e quanto um analista ainda pode confiar na contagem, para cada ε?</translation>
    </message>
    <message>
        <source>Open a differential-privacy analysis</source>
        <translation>Abrir uma análise de privacidade diferencial</translation>
    </message>
    <message>
        <source>The analysis could not be opened</source>
        <translation>Não foi possível abrir a análise</translation>
    </message>
    <message>
        <source>Opened {0}.</source>
        <translation>{0} aberto.</translation>
    </message>
    <message>
        <source>The analysis cannot be saved yet</source>
        <translation>A análise ainda não pode ser salva</translation>
    </message>
    <message>
        <source>Save the analysis</source>
        <translation>Salvar a análise</translation>
    </message>
    <message>
        <source>The analysis could not be saved</source>
        <translation>Não foi possível salvar a análise</translation>
    </message>
    <message>
        <source>Saved the analysis to {0}.</source>
        <translation>Análise salva em {0}.</translation>
    </message>
    <message>
        <source>The analysis cannot run</source>
        <translation>A análise não pode ser executada</translation>
    </message>
    <message>
        <source>Starting the analysis</source>
        <translation>Iniciando a análise</translation>
    </message>
    <message>
        <source>The analysis could not run</source>
        <translation>Não foi possível executar a análise</translation>
    </message>
    <message>
        <source>Cancelled: nothing was kept from that run.</source>
        <translation>Cancelado: nada foi mantido dessa execução.</translation>
    </message>
    <message>
        <source>Export the PDF report</source>
        <translation>Exportar o relatório em PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Writing {0}...</source>
        <translation>Gravando {0}...</translation>
    </message>
    <message>
        <source>Export CSV and JSON into a folder</source>
        <translation>Exportar CSV e JSON para uma pasta</translation>
    </message>
    <message>
        <source>Writing the CSV and JSON files into {0}...</source>
        <translation>Gravando os arquivos CSV e JSON em {0}...</translation>
    </message>
    <message>
        <source>Wrote {0} in {1}.</source>
        <translation>{0} gravados em {1}.</translation>
    </message>
    <message>
        <source>The export failed; nothing was written.</source>
        <translation>A exportação falhou; nada foi gravado.</translation>
    </message>
    <message>
        <source>The export failed</source>
        <translation>A exportação falhou</translation>
    </message>
    <message>
        <source>Export cancelled; nothing was written.</source>
        <translation>Exportação cancelada; nada foi gravado.</translation>
    </message>
</context>
<context>
    <name>models.profile_model</name>
    <message>
        <source>Column name in the file.</source>
        <translation>Nome da coluna no arquivo.</translation>
    </message>
    <message>
        <source>What the column is for the attacks. Choose from the list.</source>
        <translation>Para que a coluna serve nos ataques. Escolha na lista.</translation>
    </message>
    <message>
        <source>Type read from the file.</source>
        <translation>Tipo lido do arquivo.</translation>
    </message>
    <message>
        <source>Number of different values (a missing value counts as one value).</source>
        <translation>Número de valores diferentes (um valor ausente conta como um valor).</translation>
    </message>
    <message>
        <source>Share and number of rows with no value.</source>
        <translation>Proporção e número de linhas sem valor.</translation>
    </message>
    <message>
        <source>The most frequent values with their number of rows.</source>
        <translation>Os valores mais frequentes, com o seu número de linhas.</translation>
    </message>
    <message>
        <source>Warnings about the column.</source>
        <translation>Avisos sobre a coluna.</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(ausente)</translation>
    </message>
    <message>
        <source>Looks like a direct identifier: {share} of its values are different. Direct identifiers must not be released; it is marked Identifier (excluded).</source>
        <translation>Parece um identificador direto: {share} dos seus valores são diferentes. Identificadores diretos não podem ser divulgados; ela foi marcada como Identificador (excluído).</translation>
    </message>
</context>
<context>
    <name>models.results_models</name>
    <message>
        <source>no match: {reason}</source>
        <translation>sem correspondência: {reason}</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>sem correspondência</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no</source>
        <translation>não</translation>
    </message>
    <message>
        <source> (certain)</source>
        <translation> (certeza)</translation>
    </message>
</context>
<context>
    <name>models.table_model</name>
    <message>
        <source>missing value</source>
        <translation>valor ausente</translation>
    </message>
</context>
<context>
    <name>releases_page</name>
    <message>
        <source>(choose the linkage key)</source>
        <translation>(escolha a chave de ligação)</translation>
    </message>
    <message>
        <source>2 · Releases (optional)</source>
        <translation>2 · Edições (opcional)</translation>
    </message>
    <message>
        <source>For a survey released several times (e.g. every year), an attacker can link a person&apos;s records across releases through a persistent ID and learn more than from one release.</source>
        <translation>Para uma pesquisa divulgada várias vezes (p. ex. todo ano), um atacante pode ligar os registros de uma pessoa entre edições por meio de um identificador persistente e descobrir mais do que com uma única edição.</translation>
    </message>
    <message>
        <source>Focal release (the loaded file)</source>
        <translation>Edição focal (o arquivo carregado)</translation>
    </message>
    <message>
        <source>No data loaded.</source>
        <translation>Nenhum dado carregado.</translation>
    </message>
    <message>
        <source>Linkage key:</source>
        <translation>Chave de ligação:</translation>
    </message>
    <message>
        <source>The persistent ID of a person in the focal release; its role becomes Linkage key.</source>
        <translation>O identificador persistente de uma pessoa na edição focal; o seu papel passa a ser Chave de ligação.</translation>
    </message>
    <message>
        <source>Label:</source>
        <translation>Rótulo:</translation>
    </message>
    <message>
        <source>Names this release in the results (e.g. a year): occupation@1 is occupation in this release.</source>
        <translation>Nomeia esta edição nos resultados (p. ex. um ano): ocupacao@1 é a ocupação nesta edição.</translation>
    </message>
    <message>
        <source>Later releases</source>
        <translation>Edições posteriores</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Arquivo</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Colunas</translation>
    </message>
    <message>
        <source>Linkage key in this release</source>
        <translation>Chave de ligação nesta edição</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Rótulo</translation>
    </message>
    <message>
        <source>Add a later release...</source>
        <translation>Adicionar uma edição posterior...</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Duplicate keys in a release:</source>
        <translation>Chaves duplicadas em uma edição:</translation>
    </message>
    <message>
        <source>stop with an error</source>
        <translation>parar com um erro</translation>
    </message>
    <message>
        <source>keep each key&apos;s first record</source>
        <translation>manter o primeiro registro de cada chave</translation>
    </message>
    <message>
        <source>A person&apos;s key should appear once per release.</source>
        <translation>A chave de uma pessoa deve aparecer uma vez por edição.</translation>
    </message>
    <message>
        <source>Add a later release</source>
        <translation>Adicionar uma edição posterior</translation>
    </message>
    <message>
        <source>Could not add the release</source>
        <translation>Não foi possível adicionar a edição</translation>
    </message>
    <message>
        <source>Last run: </source>
        <translation>Última execução: </translation>
    </message>
    <message>
        <source>{0} matched {1} of {2} focal records ({3})</source>
        <translation>{0} ligou {1} de {2} registros focais ({3})</translation>
    </message>
    <message>
        <source>Warning: {0}</source>
        <translation>Aviso: {0}</translation>
    </message>
    <message>
        <source>{0}: {1} rows</source>
        <translation>{0}: {1} linhas</translation>
    </message>
    <message>
        <source>No data loaded: open the focal release on the Data page first.</source>
        <translation>Nenhum dado carregado: abra primeiro a edição focal na página Dados.</translation>
    </message>
    <message>
        <source>Names this release in the results (e.g. a year); empty: its position.</source>
        <translation>Nomeia esta edição nos resultados (p. ex. um ano); vazio: a sua posição.</translation>
    </message>
    <message>
        <source>No later release added.</source>
        <translation>Nenhuma edição posterior adicionada.</translation>
    </message>
    <message>
        <source>Choose the linkage key of: {0}.</source>
        <translation>Escolha a chave de ligação de: {0}.</translation>
    </message>
    <message>
        <source>{0} later release(s) with their linkage key: the run links them to the focal release (see Results, Over time).</source>
        <translation>{0} edição(ões) posterior(es) com a sua chave de ligação: a execução as liga à edição focal (veja Resultados, Ao longo do tempo).</translation>
    </message>
    <message>
        <source>Choose the focal release&apos;s linkage key above.</source>
        <translation>Escolha acima a chave de ligação da edição focal.</translation>
    </message>
</context>
<context>
    <name>synthetic.attack_settings</name>
    <message>
        <source>Attacks</source>
        <translation>Ataques</translation>
    </message>
    <message>
        <source>Membership attacks need a control file.</source>
        <translation>Ataques de pertencimento precisam de um arquivo de controle.</translation>
    </message>
    <message>
        <source>Attribute attacks need a sensitive attribute.</source>
        <translation>Ataques de inferência de atributo precisam de um atributo sensível.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <source>How far apart two records are, over the attacker&apos;s columns.</source>
        <translation>A distância entre dois registros, nas colunas do atacante.</translation>
    </message>
    <message>
        <source>Distance:</source>
        <translation>Distância:</translation>
    </message>
    <message>
        <source>0 (chosen from the data)</source>
        <translation>0 (escolhido a partir dos dados)</translation>
    </message>
    <message>
        <source>Radius of the local-neighbourhood attacks. 0: chosen from the data (the typical distance from a target to its nearest synthetic record).</source>
        <translation>Raio dos ataques de vizinhança local. 0: escolhido a partir dos dados (a distância típica de um alvo ao registro sintético mais próximo).</translation>
    </message>
    <message>
        <source>Neighbourhood radius:</source>
        <translation>Raio da vizinhança:</translation>
    </message>
    <message>
        <source>How the membership attacks choose the score above which they say &apos;member&apos;, on half of the targets.</source>
        <translation>Como os ataques de pertencimento escolhem o escore acima do qual respondem &apos;membro&apos;, em metade dos alvos.</translation>
    </message>
    <message>
        <source>Threshold by:</source>
        <translation>Limiar por:</translation>
    </message>
    <message>
        <source>Members drawn from the real file, and as many non-members from the control file (fewer when a file is smaller).</source>
        <translation>Membros sorteados do arquivo real e o mesmo número de não membros do arquivo de controle (menos quando um arquivo é menor).</translation>
    </message>
    <message>
        <source>Targets per class:</source>
        <translation>Alvos por classe:</translation>
    </message>
    <message>
        <source>The same seed draws the same targets: the run can be repeated exactly.</source>
        <translation>A mesma semente sorteia os mesmos alvos: a execução pode ser repetida exatamente.</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Semente:</translation>
    </message>
    <message>
        <source>Nearest-neighbour searches run on this many worker processes.</source>
        <translation>As buscas de vizinho mais próximo rodam neste número de processos.</translation>
    </message>
    <message>
        <source>Worker processes:</source>
        <translation>Processos de trabalho:</translation>
    </message>
    <message>
        <source>Show the targets most at risk</source>
        <translation>Mostrar os alvos em maior risco</translation>
    </message>
    <message>
        <source>List the row numbers (never the values) of the real records the attacks single out most. Off by default: never in the default report.</source>
        <translation>Listar os números de linha (nunca os valores) dos registros reais que os ataques mais isolam. Desativado por padrão: nunca aparece no relatório padrão.</translation>
    </message>
    <message>
        <source>Lowest share of members the attack must flag (0 to 1).</source>
        <translation>Menor proporção de membros que o ataque deve apontar (0 a 1).</translation>
    </message>
    <message>
        <source>Highest share of non-members the attack may flag by mistake (0 to 1).</source>
        <translation>Maior proporção de não membros que o ataque pode apontar por engano (0 a 1).</translation>
    </message>
    <message>
        <source>The score above which the attack says &apos;member&apos;.</source>
        <translation>O escore acima do qual o ataque responde &apos;membro&apos;.</translation>
    </message>
    <message>
        <source>Shadow modelling (Groundhog)</source>
        <translation>Modelagem sombra (Groundhog)</translation>
    </message>
    <message>
        <source>The stand-in generator that makes the shadow synthetic files.</source>
        <translation>O gerador substituto que produz os arquivos sintéticos sombra.</translation>
    </message>
    <message>
        <source>Generator:</source>
        <translation>Gerador:</translation>
    </message>
    <message>
        <source>Shadow datasets per target (an even number: half with the target, half without).</source>
        <translation>Conjuntos sombra por alvo (um número par: metade com o alvo, metade sem).</translation>
    </message>
    <message>
        <source>Shadow datasets:</source>
        <translation>Conjuntos sombra:</translation>
    </message>
</context>
<context>
    <name>synthetic.attack_table</name>
    <message>
        <source>Attack</source>
        <translation>Ataque</translation>
    </message>
    <message>
        <source>The attack (point at a row for its notes, threshold and criterion).</source>
        <translation>O ataque (aponte para uma linha para ver as suas notas, o limiar e o critério).</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Membership: was the person&apos;s real record used to make the synthetic file? Attribute: the attacker guesses the person&apos;s sensitive value.</source>
        <translation>Pertencimento: o registro real da pessoa foi usado para gerar o arquivo sintético? Atributo: o atacante tenta adivinhar o valor sensível da pessoa.</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>Alvos</translation>
    </message>
    <message>
        <source>People attacked: members drawn from the real file and non-members from the control file (membership), or real records (attribute).</source>
        <translation>Pessoas atacadas: membros sorteados do arquivo real e não membros do arquivo de controle (pertencimento), ou registros reais (atributo).</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Acurácia</translation>
    </message>
    <message>
        <source>Share of right answers on the targets kept aside to measure the attack (at the threshold trained on the other half).</source>
        <translation>Proporção de acertos nos alvos reservados para medir o ataque (com o limiar treinado na outra metade).</translation>
    </message>
    <message>
        <source>AUC</source>
        <translation>AUC</translation>
    </message>
    <message>
        <source>Area under the ROC curve: 0.5 is guessing, 1 is always right.</source>
        <translation>Área sob a curva ROC: 0,5 é palpite ao acaso, 1 é acertar sempre.</translation>
    </message>
    <message>
        <source>Advantage</source>
        <translation>Vantagem</translation>
    </message>
    <message>
        <source>True-positive rate minus false-positive rate at the trained threshold: 0 is no better than guessing, 1 is a perfect attack.</source>
        <translation>Taxa de verdadeiros positivos menos taxa de falsos positivos no limiar treinado: 0 não é melhor que um palpite, 1 é um ataque perfeito.</translation>
    </message>
    <message>
        <source>TPR at
FPR 0.1%</source>
        <translation>TVP com
TFP 0,1%</translation>
    </message>
    <message>
        <source>Share of members found when at most 0.1% of non-members are flagged by mistake: a confident attacker&apos;s success.</source>
        <translation>Proporção de membros encontrados quando no máximo 0,1% dos não membros são apontados por engano: o sucesso de um atacante confiante.</translation>
    </message>
    <message>
        <source>TPR at
FPR 1%</source>
        <translation>TVP com
TFP 1%</translation>
    </message>
    <message>
        <source>Share of members found when at most 1% of non-members are flagged by mistake.</source>
        <translation>Proporção de membros encontrados quando no máximo 1% dos não membros são apontados por engano.</translation>
    </message>
    <message>
        <source>TPR at
FPR 10%</source>
        <translation>TVP com
TFP 10%</translation>
    </message>
    <message>
        <source>Share of members found when at most 10% of non-members are flagged by mistake.</source>
        <translation>Proporção de membros encontrados quando no máximo 10% dos não membros são apontados por engano.</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Attribute attacks: the share of the most common sensitive value (guessing it for everyone).</source>
        <translation>Ataques de inferência de atributo: a proporção do valor sensível mais comum (apostando nele para todos).</translation>
    </message>
    <message>
        <source>Residual risk
[95% interval]</source>
        <translation>Risco residual
[intervalo de 95%]</translation>
    </message>
    <message>
        <source>(main - control) / (1 - control): what the synthetic file reveals about the real records beyond what it teaches about people in general. An interval above 0 is a leak.</source>
        <translation>(principal - controle) / (1 - controle): o que o arquivo sintético revela sobre os registros reais além do que ensina sobre as pessoas em geral. Um intervalo acima de 0 é um vazamento.</translation>
    </message>
    <message>
        <source>membership</source>
        <translation>pertencimento</translation>
    </message>
    <message>
        <source>attribute</source>
        <translation>atributo</translation>
    </message>
    <message>
        <source>threshold {0} (by {1})</source>
        <translation>limiar {0} (por {1})</translation>
    </message>
    <message>
        <source>success on real records {0}, on control records {1}</source>
        <translation>sucesso nos registros reais {0}, nos registros de controle {1}</translation>
    </message>
</context>
<context>
    <name>synthetic.columns_box</name>
    <message>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
    <message>
        <source>What the attacker knows</source>
        <translation>O que o atacante conhece</translation>
    </message>
    <message>
        <source>Quasi-identifiers: what an attacker could know about a person (age, sex, region). The columns are those of the real file.</source>
        <translation>Quase-identificadores: o que um atacante poderia saber sobre uma pessoa (idade, sexo, região). As colunas são as do arquivo real.</translation>
    </message>
    <message>
        <source>Sensitive attribute:</source>
        <translation>Atributo sensível:</translation>
    </message>
    <message>
        <source>What the attribute attacks try to learn about a person; membership attacks compare it too.</source>
        <translation>O que os ataques de inferência de atributo tentam descobrir sobre uma pessoa; os ataques de pertencimento também o comparam.</translation>
    </message>
    <message>
        <source>Not a column of the real file.</source>
        <translation>Não é uma coluna do arquivo real.</translation>
    </message>
</context>
<context>
    <name>synthetic.files_box</name>
    <message>
        <source>Real file:</source>
        <translation>Arquivo real:</translation>
    </message>
    <message>
        <source>The confidential file the synthetic file was made from.</source>
        <translation>O arquivo confidencial a partir do qual o arquivo sintético foi gerado.</translation>
    </message>
    <message>
        <source>Synthetic file:</source>
        <translation>Arquivo sintético:</translation>
    </message>
    <message>
        <source>The synthetic file to be released.</source>
        <translation>O arquivo sintético a ser divulgado.</translation>
    </message>
    <message>
        <source>Control file (optional):</source>
        <translation>Arquivo de controle (opcional):</translation>
    </message>
    <message>
        <source>Real records of the same population that were NOT used to make the synthetic file.</source>
        <translation>Registros reais da mesma população que NÃO foram usados para gerar o arquivo sintético.</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Arquivos</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>opcional</translation>
    </message>
    <message>
        <source>required</source>
        <translation>obrigatório</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Procurar...</translation>
    </message>
    <message>
        <source>Without a control file, the membership attacks and the residual risk cannot be measured: there is nothing to compare the real records with. The attribute attacks still run, against their baselines.</source>
        <translation>Sem um arquivo de controle, os ataques de pertencimento e o risco residual não podem ser medidos: não há com o que comparar os registros reais. Os ataques de inferência de atributo ainda rodam, contra as suas referências.</translation>
    </message>
    <message>
        <source>Choose the {0} file</source>
        <translation>Escolha o arquivo {0}</translation>
    </message>
    <message>
        <source>Data files ({0});;All files (*)</source>
        <translation>Arquivos de dados ({0});;Todos os arquivos (*)</translation>
    </message>
</context>
<context>
    <name>synthetic.form</name>
    <message>
        <source>Could not read the real file</source>
        <translation>Não foi possível ler o arquivo real</translation>
    </message>
    <message>
        <source>choose the real file</source>
        <translation>escolha o arquivo real</translation>
    </message>
    <message>
        <source>choose the synthetic file</source>
        <translation>escolha o arquivo sintético</translation>
    </message>
    <message>
        <source>tick at least one quasi-identifier</source>
        <translation>marque pelo menos um quase-identificador</translation>
    </message>
    <message>
        <source>tick at least one attack that can run with these files and columns</source>
        <translation>marque pelo menos um ataque que possa rodar com estes arquivos e colunas</translation>
    </message>
    <message>
        <source>Before running: {0}.</source>
        <translation>Antes de executar: {0}.</translation>
    </message>
</context>
<context>
    <name>synthetic.labels</name>
    <message>
        <source>Closest-distance membership</source>
        <translation>Pertencimento por menor distância</translation>
    </message>
    <message>
        <source>Closest-distance attribute inference</source>
        <translation>Inferência de atributo por menor distância</translation>
    </message>
    <message>
        <source>Local-neighbourhood membership</source>
        <translation>Pertencimento por vizinhança local</translation>
    </message>
    <message>
        <source>Local-neighbourhood attribute inference</source>
        <translation>Inferência de atributo por vizinhança local</translation>
    </message>
    <message>
        <source>Correct attribution probability (CAP)</source>
        <translation>Probabilidade de atribuição correta (CAP)</translation>
    </message>
    <message>
        <source>Shadow modelling (Groundhog)</source>
        <translation>Modelagem sombra (Groundhog)</translation>
    </message>
    <message>
        <source>Was this person&apos;s real record used to make the synthetic file? The attack says yes when a synthetic record lies very close to the person&apos;s record (an exact copy is the closest there is).</source>
        <translation>O registro real desta pessoa foi usado para gerar o arquivo sintético? O ataque responde sim quando um registro sintético está muito próximo do registro da pessoa (uma cópia exata é o mais próximo possível).</translation>
    </message>
    <message>
        <source>Knowing a person&apos;s quasi-identifiers, guess their sensitive value: the value that brings the person&apos;s record closest to some synthetic record.</source>
        <translation>Conhecendo os quase-identificadores de uma pessoa, adivinhar o seu valor sensível: o valor que deixa o registro da pessoa mais próximo de algum registro sintético.</translation>
    </message>
    <message>
        <source>Was this person&apos;s record used? The attack says yes when many synthetic records lie within the radius around the person&apos;s record.</source>
        <translation>O registro desta pessoa foi usado? O ataque responde sim quando muitos registros sintéticos estão dentro do raio em torno do registro da pessoa.</translation>
    </message>
    <message>
        <source>Guess a person&apos;s sensitive value as the one most common among the synthetic records within the radius around their quasi-identifiers.</source>
        <translation>Adivinhar o valor sensível de uma pessoa como o mais comum entre os registros sintéticos dentro do raio em torno dos seus quase-identificadores.</translation>
    </message>
    <message>
        <source>Correct attribution probability (Elliot 2015): among the synthetic records that match a person on the quasi-identifiers, the share that holds the person&apos;s sensitive value.</source>
        <translation>Probabilidade de atribuição correta (Elliot 2015): entre os registros sintéticos que coincidem com uma pessoa nos quase-identificadores, a proporção que tem o valor sensível da pessoa.</translation>
    </message>
    <message>
        <source>Shadow modelling (Stadler et al. 2022): many stand-in synthetic files are made with and without a target by a simple generator, and a classifier learns to tell them apart. It measures whether such a generator leaks, not this one file. Slow.</source>
        <translation>Modelagem sombra (Stadler et al. 2022): muitos arquivos sintéticos substitutos são gerados com e sem um alvo por um gerador simples, e um classificador aprende a distingui-los. Mede se esse gerador vaza, não este arquivo específico. Lento.</translation>
    </message>
    <message>
        <source>mixed: numbers scaled by their range, categories by mismatch</source>
        <translation>mista: números escalados pela sua amplitude, categorias por discordância</translation>
    </message>
    <message>
        <source>Hamming: number of columns that differ</source>
        <translation>Hamming: número de colunas que diferem</translation>
    </message>
    <message>
        <source>L1: sum of absolute differences</source>
        <translation>L1: soma das diferenças absolutas</translation>
    </message>
    <message>
        <source>L2: straight-line (Euclidean) distance</source>
        <translation>L2: distância em linha reta (euclidiana)</translation>
    </message>
    <message>
        <source>highest accuracy</source>
        <translation>maior acurácia</translation>
    </message>
    <message>
        <source>true-positive rate at least</source>
        <translation>taxa de verdadeiros positivos de pelo menos</translation>
    </message>
    <message>
        <source>false-positive rate at most</source>
        <translation>taxa de falsos positivos de no máximo</translation>
    </message>
    <message>
        <source>fixed threshold</source>
        <translation>limiar fixo</translation>
    </message>
    <message>
        <source>independent marginals</source>
        <translation>marginais independentes</translation>
    </message>
    <message>
        <source>copy and perturb</source>
        <translation>copiar e perturbar</translation>
    </message>
    <message>
        <source>Reading the three files</source>
        <translation>Lendo os três arquivos</translation>
    </message>
    <message>
        <source>Nearest synthetic records</source>
        <translation>Registros sintéticos mais próximos</translation>
    </message>
    <message>
        <source>Synthetic records in the neighbourhood</source>
        <translation>Registros sintéticos na vizinhança</translation>
    </message>
    <message>
        <source>Correct attribution probability</source>
        <translation>Probabilidade de atribuição correta</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>acurácia</translation>
    </message>
    <message>
        <source>true-positive rate</source>
        <translation>taxa de verdadeiros positivos</translation>
    </message>
    <message>
        <source>false-positive rate</source>
        <translation>taxa de falsos positivos</translation>
    </message>
</context>
<context>
    <name>synthetic.results_view</name>
    <message>
        <source>Real</source>
        <translation>Real</translation>
    </message>
    <message>
        <source>Synthetic</source>
        <translation>Sintético</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>Controle</translation>
    </message>
    <message>
        <source>&lt;b&gt;Leak detected.&lt;/b&gt; {0}: the synthetic file reveals something about the real records beyond what it teaches about people in general (residual risk above 0 with 95% confidence).</source>
        <translation>&lt;b&gt;Vazamento detectado.&lt;/b&gt; {0}: o arquivo sintético revela algo sobre os registros reais além do que ensina sobre as pessoas em geral (risco residual acima de 0 com 95% de confiança).</translation>
    </message>
    <message>
        <source>&lt;b&gt;No leak detected.&lt;/b&gt; No attack&apos;s residual risk is above 0 with 95% confidence ({0} attack(s) measured against the control file).</source>
        <translation>&lt;b&gt;Nenhum vazamento detectado.&lt;/b&gt; O risco residual de nenhum ataque está acima de 0 com 95% de confiança ({0} ataque(s) medido(s) contra o arquivo de controle).</translation>
    </message>
    <message>
        <source>{0}: {1} ({2} rows)</source>
        <translation>{0}: {1} ({2} linhas)</translation>
    </message>
    <message>
        <source>neighbourhood radius {0} ({1})</source>
        <translation>raio da vizinhança {0} ({1})</translation>
    </message>
    <message>
        <source>given</source>
        <translation>informado</translation>
    </message>
    <message>
        <source>chosen from the data</source>
        <translation>escolhido a partir dos dados</translation>
    </message>
    <message>
        <source>threshold by {0}</source>
        <translation>limiar por {0}</translation>
    </message>
    <message>
        <source>run in {0}</source>
        <translation>executado em {0}</translation>
    </message>
    <message>
        <source>Members found against non-members flagged by mistake, over every threshold; the dashed diagonal is guessing. Point at a curve for its values.</source>
        <translation>Membros encontrados contra não membros apontados por engano, para cada limiar; a diagonal tracejada é o palpite ao acaso. Aponte para uma curva para ver os seus valores.</translation>
    </message>
    <message>
        <source>ROC curves</source>
        <translation>Curvas ROC</translation>
    </message>
    <message>
        <source>Row numbers of real records (never their values) that the attacks single out most, highest score first. Shown because the analysis asked for them; never in the default report.</source>
        <translation>Números de linha dos registros reais (nunca os seus valores) que os ataques mais isolam, do maior escore para o menor. Exibidos porque a análise os solicitou; nunca aparecem no relatório padrão.</translation>
    </message>
    <message>
        <source>Attack</source>
        <translation>Ataque</translation>
    </message>
    <message>
        <source>Row in the real file (first = 1)</source>
        <translation>Linha no arquivo real (primeira = 1)</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Escore</translation>
    </message>
    <message>
        <source>No results yet: choose the files, the columns and the attacks on the Analysis tab, then press Run the attacks.</source>
        <translation>Ainda não há resultados: escolha os arquivos, as colunas e os ataques na aba Análise e clique em Executar os ataques.</translation>
    </message>
    <message>
        <source>No results yet.</source>
        <translation>Ainda não há resultados.</translation>
    </message>
    <message>
        <source>Warning: {0}</source>
        <translation>Aviso: {0}</translation>
    </message>
    <message>
        <source>No membership attack was run (they need a control file): no ROC curve to show.</source>
        <translation>Nenhum ataque de pertencimento foi executado (eles precisam de um arquivo de controle): não há curva ROC para mostrar.</translation>
    </message>
    <message>
        <source>Targets most at risk</source>
        <translation>Alvos em maior risco</translation>
    </message>
</context>
<context>
    <name>synthetic.run_bar</name>
    <message>
        <source>elapsed {0}</source>
        <translation>decorrido {0}</translation>
    </message>
    <message>
        <source> · this step: about {0} left</source>
        <translation> · esta etapa: faltam cerca de {0}</translation>
    </message>
</context>
<context>
    <name>synthetic_page</name>
    <message>
        <source>Synthetic data: does it leak the real records?</source>
        <translation>Dados sintéticos: eles vazam os registros reais?</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Análise</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Resultados</translation>
    </message>
    <message>
        <source>Open analysis...</source>
        <translation>Abrir análise...</translation>
    </message>
    <message>
        <source>Read a synthetic-data analysis (.toml): the files, columns and attack settings.</source>
        <translation>Ler uma análise de dados sintéticos (.toml): os arquivos, as colunas e as configurações dos ataques.</translation>
    </message>
    <message>
        <source>Save analysis...</source>
        <translation>Salvar análise...</translation>
    </message>
    <message>
        <source>Write the files, columns and attack settings (never the data) to a .toml file that the command line can run too.</source>
        <translation>Gravar os arquivos, as colunas e as configurações dos ataques (nunca os dados) em um arquivo .toml que a linha de comando também pode executar.</translation>
    </message>
    <message>
        <source>Run the attacks</source>
        <translation>Executar os ataques</translation>
    </message>
    <message>
        <source>Export PDF...</source>
        <translation>Exportar PDF...</translation>
    </message>
    <message>
        <source>The risk report for the release board.</source>
        <translation>O relatório de risco para o comitê de divulgação.</translation>
    </message>
    <message>
        <source>Export CSV+JSON...</source>
        <translation>Exportar CSV+JSON...</translation>
    </message>
    <message>
        <source>results.json, the attack and ROC tables as CSV, and the analysis, into a folder.</source>
        <translation>results.json, as tabelas dos ataques e das curvas ROC em CSV e a análise, em uma pasta.</translation>
    </message>
    <message>
        <source>Open a synthetic-data analysis</source>
        <translation>Abrir uma análise de dados sintéticos</translation>
    </message>
    <message>
        <source>Could not open the analysis</source>
        <translation>Não foi possível abrir a análise</translation>
    </message>
    <message>
        <source>Opened the analysis {0}.</source>
        <translation>Análise {0} aberta.</translation>
    </message>
    <message>
        <source>Save the analysis</source>
        <translation>Salvar a análise</translation>
    </message>
    <message>
        <source>Nothing to save yet</source>
        <translation>Ainda não há nada para salvar</translation>
    </message>
    <message>
        <source>Could not save the analysis</source>
        <translation>Não foi possível salvar a análise</translation>
    </message>
    <message>
        <source>Saved the analysis to {0}.</source>
        <translation>Análise salva em {0}.</translation>
    </message>
    <message>
        <source>The attacks cannot run yet</source>
        <translation>Os ataques ainda não podem ser executados</translation>
    </message>
    <message>
        <source>Attacking the synthetic file</source>
        <translation>Atacando o arquivo sintético</translation>
    </message>
    <message>
        <source>Running the attacks on the synthetic file...</source>
        <translation>Executando os ataques sobre o arquivo sintético...</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>Cancelando...</translation>
    </message>
    <message>
        <source>Finished: {0} attack(s) in {1}.</source>
        <translation>Concluído: {0} ataque(s) em {1}.</translation>
    </message>
    <message>
        <source>The attacks could not run</source>
        <translation>Não foi possível executar os ataques</translation>
    </message>
    <message>
        <source>The run failed</source>
        <translation>A execução falhou</translation>
    </message>
    <message>
        <source>Run cancelled: nothing was kept from it.</source>
        <translation>Execução cancelada: nada foi mantido dela.</translation>
    </message>
    <message>
        <source>Export the PDF report</source>
        <translation>Exportar o relatório em PDF</translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>Relatório em PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export CSV and JSON into a folder</source>
        <translation>Exportar CSV e JSON para uma pasta</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>Nada para exportar</translation>
    </message>
    <message>
        <source>Run the attacks first.</source>
        <translation>Execute os ataques primeiro.</translation>
    </message>
    <message>
        <source>Writing {0} to {1}...</source>
        <translation>Gravando {0} em {1}...</translation>
    </message>
    <message>
        <source>Exported to {0}.</source>
        <translation>Exportado para {0}.</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>A exportação falhou</translation>
    </message>
</context>
<context>
    <name>text</name>
    <message>
        <source>Identifier (excluded)</source>
        <translation>Identificador (excluído)</translation>
    </message>
    <message>
        <source>Quasi-identifier</source>
        <translation>Quase-identificador</translation>
    </message>
    <message>
        <source>Sensitive</source>
        <translation>Atributo sensível</translation>
    </message>
    <message>
        <source>Linkage key</source>
        <translation>Chave de ligação</translation>
    </message>
    <message>
        <source>Sampling weight</source>
        <translation>Peso amostral</translation>
    </message>
    <message>
        <source>Household / cluster</source>
        <translation>Domicílio / conglomerado</translation>
    </message>
    <message>
        <source>Ignored</source>
        <translation>Ignorada</translation>
    </message>
    <message>
        <source>A direct identifier (name, ID number): it must not be released; it is left out of every attack.</source>
        <translation>Um identificador direto (nome, número de documento): não pode ser divulgado; fica fora de todos os ataques.</translation>
    </message>
    <message>
        <source>Something an attacker could know about a person from elsewhere (birth date, sex, municipality): the attacks combine these.</source>
        <translation>Algo que um atacante poderia saber sobre uma pessoa por outras fontes (data de nascimento, sexo, município): os ataques combinam esses atributos.</translation>
    </message>
    <message>
        <source>What the attacker wants to learn about a person (health, benefits).</source>
        <translation>O que o atacante quer descobrir sobre uma pessoa (saúde, benefícios).</translation>
    </message>
    <message>
        <source>A persistent ID that links the same person across releases (used by the over-time analysis).</source>
        <translation>Um identificador persistente que liga a mesma pessoa entre edições (usado pela análise ao longo do tempo).</translation>
    </message>
    <message>
        <source>The survey&apos;s sampling weight (how many people of the population each record stands for; numeric, above 0). With a weight the file is treated as a sample: the risk is estimated for the population.</source>
        <translation>O peso amostral da pesquisa (quantas pessoas da população cada registro representa; numérico, maior que 0). Com um peso, o arquivo é tratado como amostra: o risco é estimado para a população.</translation>
    </message>
    <message>
        <source>The household or cluster id: the risk that someone in a household is re-identified is reported for every member.</source>
        <translation>O identificador do domicílio ou conglomerado: o risco de alguém do domicílio ser reidentificado é informado para todos os seus membros.</translation>
    </message>
    <message>
        <source>Not used by the analysis.</source>
        <translation>Não usada pela análise.</translation>
    </message>
    <message>
        <source>k: the size of the smallest group of people who share these attributes. k = 1 means someone is unique.</source>
        <translation>k: o tamanho do menor grupo de pessoas que compartilham estes atributos. k = 1 significa que alguém é único.</translation>
    </message>
    <message>
        <source>alpha: the largest share any one sensitive value takes within a group. 1 means some group all has the same value.</source>
        <translation>alfa: a maior proporção que um único valor sensível ocupa dentro de um grupo. 1 significa que algum grupo inteiro tem o mesmo valor.</translation>
    </message>
    <message>
        <source>l (distinct): the smallest number of different sensitive values found in a group.</source>
        <translation>l (distinto): o menor número de valores sensíveis diferentes encontrados em um grupo.</translation>
    </message>
    <message>
        <source>entropy l: how evenly the sensitive values are spread in the least varied group, as an equivalent number of equally common values.</source>
        <translation>l de entropia: quão uniformemente os valores sensíveis se distribuem no grupo menos variado, como um número equivalente de valores igualmente comuns.</translation>
    </message>
    <message>
        <source>recursive (c,l): the most common value in every group is less than c times the combined count of the values from the l-th most common on. Set l here.</source>
        <translation>(c,l) recursivo: o valor mais comum de cada grupo é menor que c vezes a contagem conjunta dos valores a partir do l-ésimo mais comum. Defina l aqui.</translation>
    </message>
    <message>
        <source>t: how far the sensitive values of the most unusual group are from those of the whole table (0 = the same mix everywhere).</source>
        <translation>t: quão distantes os valores sensíveis do grupo mais atípico estão dos da tabela inteira (0 = a mesma composição em toda parte).</translation>
    </message>
    <message>
        <source>basic beta: the largest relative increase of a sensitive value&apos;s share in a group over its share in the whole table.</source>
        <translation>beta básico: o maior aumento relativo da proporção de um valor sensível em um grupo sobre a sua proporção na tabela inteira.</translation>
    </message>
    <message>
        <source>enhanced beta: a version of beta that limits the increase for rare values more strictly.</source>
        <translation>beta aprimorado: uma versão de beta que limita com mais rigor o aumento para valores raros.</translation>
    </message>
    <message>
        <source>delta: the largest (log) ratio between a value&apos;s share in a group and in the whole table.</source>
        <translation>delta: a maior razão (logarítmica) entre a proporção de um valor em um grupo e na tabela inteira.</translation>
    </message>
    <message>
        <source>target beta: count groups whose basic beta is above this.</source>
        <translation>beta alvo: contar os grupos cujo beta básico está acima deste valor.</translation>
    </message>
    <message>
        <source>Share of people who are unique on these attributes: an attacker who knows them singles these people out with certainty.</source>
        <translation>Proporção de pessoas que são únicas nestes atributos: um atacante que os conhece isola essas pessoas com certeza.</translation>
    </message>
    <message>
        <source>Number of people who are unique on these attributes.</source>
        <translation>Número de pessoas que são únicas nestes atributos.</translation>
    </message>
    <message>
        <source>Expected share of people an attacker re-identifies by picking one record at random among those that share the person&apos;s attributes (= groups / people).</source>
        <translation>Proporção esperada de pessoas que um atacante reidentifica ao escolher ao acaso um registro entre os que compartilham os atributos da pessoa (= grupos / pessoas).</translation>
    </message>
    <message>
        <source>Expected number of people re-identified (= number of groups of records with equal values).</source>
        <translation>Número esperado de pessoas reidentificadas (= número de grupos de registros com valores iguais).</translation>
    </message>
    <message>
        <source>Share of people whose sensitive value is learned with certainty: everyone sharing their attributes has the same sensitive value.</source>
        <translation>Proporção de pessoas cujo valor sensível é descoberto com certeza: todos os que compartilham os seus atributos têm o mesmo valor sensível.</translation>
    </message>
    <message>
        <source>Number of people whose sensitive value is learned with certainty.</source>
        <translation>Número de pessoas cujo valor sensível é descoberto com certeza.</translation>
    </message>
    <message>
        <source>Expected share of people whose sensitive value the attacker guesses right by picking the most common value among those sharing their attributes.</source>
        <translation>Proporção esperada de pessoas cujo valor sensível o atacante acerta ao escolher o valor mais comum entre os que compartilham os seus atributos.</translation>
    </message>
    <message>
        <source>Expected number of people whose sensitive value is guessed right.</source>
        <translation>Número esperado de pessoas cujo valor sensível é acertado.</translation>
    </message>
    <message>
        <source>Gain over an attacker who knows none of these attributes: posterior minus prior, in percentage points.</source>
        <translation>Ganho sobre um atacante que não conhece nenhum destes atributos: a posteriori menos a priori, em pontos percentuais.</translation>
    </message>
    <message>
        <source>Gain over an attacker who knows none of these attributes: posterior divided by prior (x10 means ten times more successful).</source>
        <translation>Ganho sobre um atacante que não conhece nenhum destes atributos: a posteriori dividido pelo a priori (x10 significa dez vezes mais sucesso).</translation>
    </message>
    <message>
        <source>Success of an attacker who knows none of the quasi-identifiers.</source>
        <translation>Sucesso de um atacante que não conhece nenhum dos quase-identificadores.</translation>
    </message>
    <message>
        <source>Number of attributes the attacker knows.</source>
        <translation>Número de atributos que o atacante conhece.</translation>
    </message>
    <message>
        <source>The attributes the attacker knows (the subset with the highest success for this size).</source>
        <translation>Os atributos que o atacante conhece (o subconjunto com o maior sucesso para este tamanho).</translation>
    </message>
    <message>
        <source>How many people have each level of risk when the attacker knows the worst subset of this size: risk 1 means the attacker is sure.</source>
        <translation>Quantas pessoas têm cada nível de risco quando o atacante conhece o pior subconjunto deste tamanho: risco 1 significa que o atacante tem certeza.</translation>
    </message>
    <message>
        <source>Chance of picking this person&apos;s record among the records with the same values (1 = the person is unique).</source>
        <translation>Chance de escolher o registro desta pessoa entre os registros com os mesmos valores (1 = a pessoa é única).</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>under 1 s</source>
        <translation>menos de 1 s</translation>
    </message>
</context>
<context>
    <name>widgets.dp_plots</name>
    <message>
        <source>oblivious (central)</source>
        <translation>oblivious (central)</translation>
    </message>
    <message>
        <source>local</source>
        <translation>local</translation>
    </message>
    <message>
        <source>{scenario}
{mechanism}, ε = {epsilon}
privacy loss ×{loss} ({prior}% → {posterior}%)
utility {utility} (count prior {count_prior})</source>
        <translation>{scenario}
{mechanism}, ε = {epsilon}
perda de privacidade ×{loss} ({prior}% → {posterior}%)
utilidade {utility} (contagem a priori {count_prior})</translation>
    </message>
    <message>
        <source>No counting-query results yet: add a query and press Run.</source>
        <translation>Ainda não há resultados de consultas de contagem: adicione uma consulta e clique em Executar.</translation>
    </message>
    <message>
        <source>Privacy loss</source>
        <translation>Perda de privacidade</translation>
    </message>
    <message>
        <source>× prior chance of guessing the secret</source>
        <translation>× chance a priori de adivinhar o segredo</translation>
    </message>
    <message>
        <source>Utility</source>
        <translation>Utilidade</translation>
    </message>
    <message>
        <source>chance the real count is guessed</source>
        <translation>chance de acertar a contagem real</translation>
    </message>
    <message>
        <source>ε (log scale)</source>
        <translation>ε (escala logarítmica)</translation>
    </message>
    <message>
        <source>Utility against privacy loss (ε grows along each line)</source>
        <translation>Utilidade contra perda de privacidade (ε cresce ao longo de cada linha)</translation>
    </message>
    <message>
        <source>privacy loss (× prior chance of guessing the secret; 1 = nothing learnt)</source>
        <translation>perda de privacidade (× chance a priori de adivinhar o segredo; 1 = nada se aprende)</translation>
    </message>
    <message>
        <source>utility (chance the real count is guessed)</source>
        <translation>utilidade (chance de acertar a contagem real)</translation>
    </message>
    <message>
        <source>No thresholded-count results yet: tick &quot;Include the thresholded count&quot; and press Run.</source>
        <translation>Ainda não há resultados da contagem com limiar: marque &quot;Incluir a contagem com limiar&quot; e clique em Executar.</translation>
    </message>
    <message>
        <source>ε = {epsilon}
active δ = {active} (worst case: {worst} known yes-votes)
passive δ = {passive}</source>
        <translation>ε = {epsilon}
δ ativo = {active} (pior caso: {worst} votos “sim” conhecidos)
δ passivo = {passive}</translation>
    </message>
    <message>
        <source>active attacker (APKDP: worst known votes)</source>
        <translation>atacante ativo (APKDP: pior caso de votos conhecidos)</translation>
    </message>
    <message>
        <source>passive attacker (PPKDP: average over known votes)</source>
        <translation>atacante passivo (PPKDP: média sobre os votos conhecidos)</translation>
    </message>
    <message>
        <source>δ of the (ε, δ) guarantee for the target&apos;s vote</source>
        <translation>δ da garantia (ε, δ) para o voto do alvo</translation>
    </message>
    <message>
        <source>δ (log scale)</source>
        <translation>δ (escala logarítmica)</translation>
    </message>
    <message>
        <source>{dropped} point(s) with δ = 0 are not drawn (log axis)</source>
        <translation>{dropped} ponto(s) com δ = 0 não são desenhados (eixo logarítmico)</translation>
    </message>
</context>
<context>
    <name>widgets.epsilon_editor</name>
    <message>
        <source>Log-spaced from</source>
        <translation>Em escala log. de</translation>
    </message>
    <message>
        <source>These values:</source>
        <translation>Estes valores:</translation>
    </message>
    <message>
        <source> values of ε</source>
        <translation> valores de ε</translation>
    </message>
    <message>
        <source>e.g. 0.405, 1.099, 2.303</source>
        <translation>p. ex. 0,405; 1,099; 2,303</translation>
    </message>
    <message>
        <source>Epsilons separated by commas (each &gt; 0).</source>
        <translation>Epsilons separados por vírgulas (cada um &gt; 0).</translation>
    </message>
    <message>
        <source>to</source>
        <translation>a</translation>
    </message>
</context>
<context>
    <name>widgets.histograms</name>
    <message>
        <source>All {0} quasi-identifiers</source>
        <translation>Todos os {0} quase-identificadores</translation>
    </message>
    <message>
        <source>{0} quasi-identifier{1}: {2}</source>
        <translation>{0} quase-identificador(es): {2}</translation>
    </message>
    <message>
        <source>No histogram to show: run the attacks, then tick a size.</source>
        <translation>Nenhum histograma para mostrar: execute os ataques e marque um tamanho.</translation>
    </message>
    <message>
        <source>mean {0}</source>
        <translation>média {0}</translation>
    </message>
    <message>
        <source>Per-person {0}</source>
        <translation>{0} por pessoa</translation>
    </message>
    <message>
        <source>People</source>
        <translation>Pessoas</translation>
    </message>
    <message>
        <source>risk {0}-{1}: {2} people</source>
        <translation>risco {0}-{1}: {2} pessoas</translation>
    </message>
</context>
<context>
    <name>widgets.models_view</name>
    <message>
        <source>{0} ({1} distance)</source>
        <translation>{0} (distância {1})</translation>
    </message>
    <message>
        <source>&lt;b&gt;Groups short of the targets&lt;/b&gt; (full set of quasi-identifiers)</source>
        <translation>&lt;b&gt;Grupos abaixo das metas&lt;/b&gt; (conjunto completo de quase-identificadores)</translation>
    </message>
    <message>
        <source>&lt;b&gt;k by subset size&lt;/b&gt;: the smallest group for each number of quasi-identifiers the attacker knows</source>
        <translation>&lt;b&gt;k por tamanho do subconjunto&lt;/b&gt;: o menor grupo para cada número de quase-identificadores que o atacante conhece</translation>
    </message>
    <message>
        <source>Privacy models were not computed: tick &quot;Report the privacy-model levels&quot; on the Attacks page and run again.</source>
        <translation>Os modelos de privacidade não foram calculados: marque &quot;Informar os níveis dos modelos de privacidade&quot; na página Ataques e execute de novo.</translation>
    </message>
    <message>
        <source>No privacy-model levels: they need a sensitive attribute (set one on the Data page and tick attribute inference).</source>
        <translation>Sem níveis dos modelos de privacidade: eles precisam de um atributo sensível (defina um na página Dados e marque a inferência de atributo).</translation>
    </message>
    <message>
        <source>Levels the data reaches for {0}: {1}. Point at a model for its meaning; &quot;undefined&quot; cells explain why.</source>
        <translation>Níveis que os dados atingem para {0}: {1}. Aponte para um modelo para ver o seu significado; as células &quot;indefinido&quot; explicam o motivo.</translation>
    </message>
    <message>
        <source>Sensitive: {0}</source>
        <translation>Sensível: {0}</translation>
    </message>
    <message>
        <source>(any)</source>
        <translation>(qualquer)</translation>
    </message>
    <message>
        <source>no target set, or every group reaches it</source>
        <translation>nenhuma meta definida, ou todos os grupos a atingem</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Sensitive</source>
        <translation>Sensível</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Meta</translation>
    </message>
    <message>
        <source>Groups short of target</source>
        <translation>Grupos abaixo da meta</translation>
    </message>
    <message>
        <source>People in them</source>
        <translation>Pessoas neles</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamanho</translation>
    </message>
    <message>
        <source>Smallest k</source>
        <translation>Menor k</translation>
    </message>
    <message>
        <source>Subset</source>
        <translation>Subconjunto</translation>
    </message>
    <message>
        <source>{0} learned for sure</source>
        <translation>{0} descoberto com certeza</translation>
    </message>
    <message>
        <source>people (%)</source>
        <translation>pessoas (%)</translation>
    </message>
    <message>
        <source>release {0} alone</source>
        <translation>edição {0} sozinha</translation>
    </message>
    <message>
        <source>+ release {0}</source>
        <translation>+ edição {0}</translation>
    </message>
    <message>
        <source>Warning: {0}</source>
        <translation>Aviso: {0}</translation>
    </message>
    <message>
        <source>No linked releases in this run: add later releases and the linkage key on the Releases page to see how the risk grows with each release.</source>
        <translation>Nenhuma edição ligada nesta execução: adicione edições posteriores e a chave de ligação na página Edições para ver como o risco cresce a cada edição.</translation>
    </message>
    <message>
        <source>{0}: {1} ({2} of {3} focal records matched, {4}; {5} rows</source>
        <translation>{0}: {1} ({2} de {3} registros focais ligados, {4}; {5} linhas</translation>
    </message>
    <message>
        <source>, {0} duplicate keys dropped</source>
        <translation>, {0} chaves duplicadas descartadas</translation>
    </message>
    <message>
        <source>Risk with the focal release alone, then with each later release linked on the key (all quasi-identifiers of the releases so far). Releases: {0}.</source>
        <translation>Risco com a edição focal sozinha e depois com cada edição posterior ligada pela chave (todos os quase-identificadores das edições até então). Edições: {0}.</translation>
    </message>
</context>
<context>
    <name>widgets.roc_plot</name>
    <message>
        <source>No membership attack was run: no ROC curve to show.</source>
        <translation>Nenhum ataque de pertencimento foi executado: não há curva ROC para mostrar.</translation>
    </message>
    <message>
        <source>guessing</source>
        <translation>palpite ao acaso</translation>
    </message>
    <message>
        <source>Low false-positive rates (log scale)</source>
        <translation>Taxas baixas de falsos positivos (escala logarítmica)</translation>
    </message>
    <message>
        <source>ROC of the membership attacks</source>
        <translation>ROC dos ataques de pertencimento</translation>
    </message>
    <message>
        <source>{0} (AUC {1})</source>
        <translation>{0} (AUC {1})</translation>
    </message>
    <message>
        <source>False-positive rate (non-members flagged)</source>
        <translation>Taxa de falsos positivos (não membros apontados)</translation>
    </message>
    <message>
        <source>True-positive rate (members flagged)</source>
        <translation>Taxa de verdadeiros positivos (membros apontados)</translation>
    </message>
    <message>
        <source>{0}
FPR {1}, TPR {2}</source>
        <translation>{0}
TFP {1}, TVP {2}</translation>
    </message>
</context>
<context>
    <name>widgets.run_bar</name>
    <message>
        <source>Loading the data</source>
        <translation>Carregando os dados</translation>
    </message>
    <message>
        <source>Attacking every QID subset</source>
        <translation>Atacando todos os subconjuntos de quase-identificadores</translation>
    </message>
    <message>
        <source>Worst-case histograms</source>
        <translation>Histogramas do pior caso</translation>
    </message>
    <message>
        <source>Compiling the sweep kernels once for this machine...</source>
        <translation>Compilando os núcleos da varredura uma única vez nesta máquina...</translation>
    </message>
    <message>
        <source>Reading the file</source>
        <translation>Lendo o arquivo</translation>
    </message>
    <message>
        <source>Profiling columns</source>
        <translation>Analisando as colunas</translation>
    </message>
    <message>
        <source>Checking the file</source>
        <translation>Verificando o arquivo</translation>
    </message>
    <message>
        <source>Searching the levels</source>
        <translation>Buscando os níveis</translation>
    </message>
    <message>
        <source>%p%</source>
        <translation>%p%</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop the run (Esc). Nothing is kept from a cancelled run.</source>
        <translation>Interromper a execução (Esc). Nada é mantido de uma execução cancelada.</translation>
    </message>
    <message>
        <source>starting...</source>
        <translation>iniciando...</translation>
    </message>
    <message>
        <source>{0} / {1} subsets</source>
        <translation>{0} / {1} subconjuntos</translation>
    </message>
    <message>
        <source>Summarising the results</source>
        <translation>Resumindo os resultados</translation>
    </message>
    <message>
        <source>elapsed {0}</source>
        <translation>decorrido {0}</translation>
    </message>
    <message>
        <source> · remaining about {0}</source>
        <translation> · faltam cerca de {0}</translation>
    </message>
    <message>
        <source>cancelling...</source>
        <translation>cancelando...</translation>
    </message>
</context>
<context>
    <name>widgets.scatter</name>
    <message>
        <source>No results yet: run the attacks.</source>
        <translation>Ainda não há resultados: execute os ataques.</translation>
    </message>
    <message>
        <source>Learned for sure (deterministic)</source>
        <translation>Descoberto com certeza (determinístico)</translation>
    </message>
    <message>
        <source>Unique: re-identified for sure (deterministic)</source>
        <translation>Únicos: reidentificados com certeza (determinístico)</translation>
    </message>
    <message>
        <source>Guessed right (probabilistic)</source>
        <translation>Acertados (probabilístico)</translation>
    </message>
    <message>
        <source>Re-identified (probabilistic)</source>
        <translation>Reidentificados (probabilístico)</translation>
    </message>
    <message>
        <source>prior {0}</source>
        <translation>a priori {0}</translation>
    </message>
    <message>
        <source>Number of quasi-identifiers the attacker knows</source>
        <translation>Número de quase-identificadores que o atacante conhece</translation>
    </message>
    <message>
        <source>Success (% of people)</source>
        <translation>Sucesso (% das pessoas)</translation>
    </message>
    <message>
        <source>{0}
{1} ({2} people)</source>
        <translation>{0}
{1} ({2} pessoas)</translation>
    </message>
</context>
</TS>
