<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AnalysisController</name>
    <message>
        <source>Send the data unencrypted?</source>
        <translation>Enviar os dados sem criptografia?</translation>
    </message>
    <message>
        <source>The Dask cluster at {0} is reached over plain tcp: the encoded microdata would travel over the network unencrypted. Use a tls:// address with the agency&apos;s certificates to avoid this.

Send the data to this cluster anyway?</source>
        <translation>O cluster Dask em {0} é acessado por tcp simples: os microdados codificados trafegariam pela rede sem criptografia. Use um endereço tls:// com os certificados da instituição para evitar isso.

Enviar os dados a este cluster mesmo assim?</translation>
    </message>
    <message>
        <source>Not run: nothing was sent to {0}.</source>
        <translation>Não executado: nada foi enviado a {0}.</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>Cancelando...</translation>
    </message>
    <message>
        <source>The analysis changed during the run: its result was dropped. Run again for the analysis now on screen.</source>
        <translation>A análise mudou durante a execução: o resultado foi descartado. Execute de novo para a análise que está na tela.</translation>
    </message>
    <message>
        <source>Finished in {0}.</source>
        <translation>Concluído em {0}.</translation>
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
        <source>the report</source>
        <translation>o relatório</translation>
    </message>
    <message>
        <source>the tables</source>
        <translation>as tabelas</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>Nada para exportar</translation>
    </message>
    <message>
        <source>Run the analysis on this page first.</source>
        <translation>Execute primeiro a análise desta página.</translation>
    </message>
    <message>
        <source>{0}: cannot write {1} there ({2})</source>
        <translation>{0}: não é possível gravar {1} ali ({2})</translation>
    </message>
    <message>
        <source>Writing {0} to {1}...</source>
        <translation>Gravando {0} em {1}...</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>A exportação falhou</translation>
    </message>
    <message>
        <source>Writing {0}</source>
        <translation>Gravando {0}</translation>
    </message>
    <message>
        <source>Saved to {0}.</source>
        <translation>Salvo em {0}.</translation>
    </message>
    <message>
        <source>Export cancelled: nothing was written.</source>
        <translation>Exportação cancelada: nada foi gravado.</translation>
    </message>
    <message>
        <source>Open an analysis</source>
        <translation>Abrir uma análise</translation>
    </message>
    <message>
        <source>Save the analysis</source>
        <translation>Salvar a análise</translation>
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
</context>
<context>
    <name>app</name>
    <message>
        <source>&amp;Preferences...</source>
        <translation>&amp;Preferências...</translation>
    </message>
</context>
<context>
    <name>assessment</name>
    <message>
        <source>The scenarios are running: wait for them to finish or cancel them on the Scenarios page.</source>
        <translation>Os cenários estão em execução: aguarde o término ou cancele-os na página Cenários.</translation>
    </message>
    <message>
        <source>The attacks cannot run yet</source>
        <translation>Os ataques ainda não podem ser executados</translation>
    </message>
    <message>
        <source>The attacks could not run</source>
        <translation>Não foi possível executar os ataques</translation>
    </message>
    <message>
        <source>Starting the attacks</source>
        <translation>Iniciando os ataques</translation>
    </message>
    <message>
        <source>Run the attacks first.</source>
        <translation>Execute os ataques primeiro.</translation>
    </message>
    <message>
        <source>on the Dask cluster at {0}</source>
        <translation>no cluster Dask em {0}</translation>
    </message>
</context>
<context>
    <name>attacks_page</name>
    <message>
        <source>a value of their own</source>
        <translation>um valor próprio</translation>
    </message>
    <message>
        <source>match any value (sdcMicro)</source>
        <translation>corresponde a qualquer valor (sdcMicro)</translation>
    </message>
    <message>
        <source>target k</source>
        <translation>k alvo</translation>
    </message>
    <message>
        <source>target l</source>
        <translation>l alvo</translation>
    </message>
    <message>
        <source>target alpha</source>
        <translation>alfa alvo</translation>
    </message>
    <message>
        <source>target t</source>
        <translation>t alvo</translation>
    </message>
    <message>
        <source>target beta</source>
        <translation>beta alvo</translation>
    </message>
    <message>
        <source>target delta</source>
        <translation>delta alvo</translation>
    </message>
    <message>
        <source>the sample measures</source>
        <translation>as medidas de amostra</translation>
    </message>
    <message>
        <source>special uniques (SUDA)</source>
        <translation>os únicos especiais (SUDA)</translation>
    </message>
    <message>
        <source>the linked releases</source>
        <translation>as publicações ligadas</translation>
    </message>
    <message>
        <source>the scenarios</source>
        <translation>os cenários</translation>
    </message>
    <message>
        <source>3 · Attacks</source>
        <translation>3 · Ataques</translation>
    </message>
    <message>
        <source>Attacks</source>
        <translation>Ataques</translation>
    </message>
    <message>
        <source>Re-identification: find a person&apos;s record</source>
        <translation>Reidentificação: encontrar o registro de uma pessoa</translation>
    </message>
    <message>
        <source>Can the attacker tell which record belongs to a person they know?</source>
        <translation>O atacante consegue dizer qual registro pertence a uma pessoa que ele conhece?</translation>
    </message>
    <message>
        <source>Attribute inference: learn a person&apos;s sensitive value</source>
        <translation>Inferência de atributo: descobrir o valor sensível de uma pessoa</translation>
    </message>
    <message>
        <source>Can the attacker learn a person&apos;s sensitive value (e.g. a health condition) even without finding the exact record?</source>
        <translation>O atacante consegue descobrir o valor sensível de uma pessoa (p. ex. uma condição de saúde) mesmo sem encontrar o registro exato?</translation>
    </message>
    <message>
        <source>Collective: anyone in the table</source>
        <translation>Coletivo: qualquer pessoa da tabela</translation>
    </message>
    <message>
        <source>Attack every person, for every subset of the quasi-identifiers the attacker may know (the sweep).</source>
        <translation>Atacar todas as pessoas, para cada subconjunto de quase-identificadores que o atacante pode conhecer (a varredura).</translation>
    </message>
    <message>
        <source>Individual targets: specific people</source>
        <translation>Alvos individuais: pessoas específicas</translation>
    </message>
    <message>
        <source>Attack the people listed below, whose values the attacker knows.</source>
        <translation>Atacar as pessoas listadas abaixo, cujos valores o atacante conhece.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Who is attacked&lt;/b&gt;</source>
        <translation>&lt;b&gt;Quem é atacado&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Individual targets</source>
        <translation>Alvos individuais</translation>
    </message>
    <message>
        <source>Pick a row on the Data page (&quot;Use selected row as a target&quot;) or type the values the attacker knows.</source>
        <translation>Escolha uma linha na página Dados (&quot;Usar a linha selecionada como alvo&quot;) ou digite os valores que o atacante conhece.</translation>
    </message>
    <message>
        <source>Type a target...</source>
        <translation>Digitar um alvo...</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Which sets of quasi-identifiers the attacker may know</source>
        <translation>Quais conjuntos de quase-identificadores o atacante pode conhecer</translation>
    </message>
    <message>
        <source>Every subset</source>
        <translation>Todos os subconjuntos</translation>
    </message>
    <message>
        <source>Every subset of at most</source>
        <translation>Todos os subconjuntos de no máximo</translation>
    </message>
    <message>
        <source>Only all quasi-identifiers together</source>
        <translation>Somente todos os quase-identificadores juntos</translation>
    </message>
    <message>
        <source>Chosen sets:</source>
        <translation>Conjuntos escolhidos:</translation>
    </message>
    <message>
        <source> QIDs</source>
        <translation> QIs</translation>
    </message>
    <message>
        <source>Add a set...</source>
        <translation>Adicionar um conjunto...</translation>
    </message>
    <message>
        <source>Privacy models</source>
        <translation>Modelos de privacidade</translation>
    </message>
    <message>
        <source>Report the privacy-model levels the data reaches</source>
        <translation>Informar os níveis dos modelos de privacidade que os dados atingem</translation>
    </message>
    <message>
        <source>k-anonymity, l-diversity, t-closeness and related models: the level each subset of quasi-identifiers reaches.</source>
        <translation>k-anonimato, l-diversidade, t-proximidade e modelos afins: o nível que cada subconjunto de quase-identificadores atinge.</translation>
    </message>
    <message>
        <source>l for recursive (c,l)-diversity:</source>
        <translation>l da (c,l)-diversidade recursiva:</translation>
    </message>
    <message>
        <source>Optional targets: count the groups (and people) that fall short.</source>
        <translation>Metas opcionais: contar os grupos (e as pessoas) que ficam abaixo delas.</translation>
    </message>
    <message>
        <source>Sample file (survey weights, special uniques)</source>
        <translation>Arquivo amostral (pesos da pesquisa, únicos especiais)</translation>
    </message>
    <message>
        <source>Sampling fraction:</source>
        <translation>Fração amostral:</translation>
    </message>
    <message>
        <source>The sample&apos;s share of the population (n / N), for the population-uniqueness estimates. Unticked: n / sum of the weights.</source>
        <translation>A proporção da população na amostra (n / N), para as estimativas de unicidade na população. Desmarcado: n / soma dos pesos.</translation>
    </message>
    <message>
        <source>Risk thresholds:</source>
        <translation>Limiares de risco:</translation>
    </message>
    <message>
        <source>Individual-risk levels (between 0 and 1, separated by commas): the results count the records above each.</source>
        <translation>Níveis de risco individual (entre 0 e 1, separados por ponto e vírgula): os resultados contam os registros acima de cada um.</translation>
    </message>
    <message>
        <source>Missing values:</source>
        <translation>Valores ausentes:</translation>
    </message>
    <message>
        <source>How a missing quasi-identifier value counts in the sample-file measures.</source>
        <translation>Como um valor ausente de quase-identificador conta nas medidas do arquivo amostral.</translation>
    </message>
    <message>
        <source>Special uniques (SUDA)</source>
        <translation>Únicos especiais (SUDA)</translation>
    </message>
    <message>
        <source>Find, for each record unique in the sample, its minimal sample uniques (the smallest sets of quasi-identifiers on which it is unique) and score it.</source>
        <translation>Encontrar, para cada registro único na amostra, os seus únicos amostrais mínimos (os menores conjuntos de quase-identificadores nos quais ele é único) e atribuir-lhe uma pontuação.</translation>
    </message>
    <message>
        <source>Max MSU size:</source>
        <translation>Tamanho máximo do MSU:</translation>
    </message>
    <message>
        <source>all</source>
        <translation>todos</translation>
    </message>
    <message>
        <source>Largest set of quasi-identifiers searched for minimal sample uniques (all: every size).</source>
        <translation>Maior conjunto de quase-identificadores pesquisado em busca de únicos amostrais mínimos (todos: qualquer tamanho).</translation>
    </message>
    <message>
        <source>DIS fraction:</source>
        <translation>Fração DIS:</translation>
    </message>
    <message>
        <source>The sampling fraction used by the DIS-SUDA score.</source>
        <translation>A fração amostral usada pela pontuação DIS-SUDA.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Execução</translation>
    </message>
    <message>
        <source>Processor cores:</source>
        <translation>Núcleos de processador:</translation>
    </message>
    <message>
        <source>The sweep uses up to this many processor cores (threads of this program, or worker processes).</source>
        <translation>A varredura usa até este número de núcleos de processador (threads deste programa ou processos de trabalho).</translation>
    </message>
    <message>
        <source>Risk thresholds: {0}.</source>
        <translation>Limiares de risco: {0}.</translation>
    </message>
    <message>
        <source>Choose the quasi-identifiers on the Data page first.</source>
        <translation>Escolha primeiro os quase-identificadores na página Dados.</translation>
    </message>
    <message>
        <source>Sensitive columns: {0}.</source>
        <translation>Colunas sensíveis: {0}.</translation>
    </message>
    <message>
        <source>No sensitive column: set one on the Data page to attack sensitive values.</source>
        <translation>Nenhuma coluna sensível: defina uma na página Dados para atacar valores sensíveis.</translation>
    </message>
    <message>
        <source>Sampling weight: &lt;b&gt;{0}&lt;/b&gt;</source>
        <translation>Peso amostral: &lt;b&gt;{0}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>, household id: &lt;b&gt;{0}&lt;/b&gt;.</source>
        <translation>, identificador do domicílio: &lt;b&gt;{0}&lt;/b&gt;.</translation>
    </message>
    <message>
        <source> The individual risk, expected re-identifications and population uniques are estimated.</source>
        <translation> São estimados o risco individual, as reidentificações esperadas e os únicos na população.</translation>
    </message>
    <message>
        <source>No sampling weight chosen: the file is treated as the whole population. If it is a sample, set its weight column&apos;s role to Sampling weight on the Data page.</source>
        <translation>Nenhum peso amostral escolhido: o arquivo é tratado como a população inteira. Se for uma amostra, defina o papel da sua coluna de peso como Peso amostral na página Dados.</translation>
    </message>
    <message>
        <source> Household id: &lt;b&gt;{0}&lt;/b&gt;.</source>
        <translation> Identificador do domicílio: &lt;b&gt;{0}&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>No quasi-identifier chosen yet.</source>
        <translation>Nenhum quase-identificador escolhido ainda.</translation>
    </message>
    <message>
        <source> (collective attack off: only the full set)</source>
        <translation> (ataque coletivo desligado: somente o conjunto completo)</translation>
    </message>
    <message>
        <source>&lt;b&gt;{count} {subsets}&lt;/b&gt; of {k} {qids}{where}.</source>
        <translation>&lt;b&gt;{count} {subsets}&lt;/b&gt; de {k} {qids}{where}.</translation>
    </message>
    <message>
        <source>subsets</source>
        <translation>subconjuntos</translation>
    </message>
    <message>
        <source>subset</source>
        <translation>subconjunto</translation>
    </message>
    <message>
        <source>quasi-identifiers</source>
        <translation>quase-identificadores</translation>
    </message>
    <message>
        <source>quasi-identifier</source>
        <translation>quase-identificador</translation>
    </message>
    <message>
        <source>the speed of your last run</source>
        <translation>a velocidade da sua última execução</translation>
    </message>
    <message>
        <source>a reference speed measured on the example</source>
        <translation>uma velocidade de referência medida no exemplo</translation>
    </message>
    <message>
        <source>Estimated run time: {time} (an estimate from {rows} rows x {subsets} subsets at {basis}).</source>
        <translation>Tempo de execução estimado: {time} (estimativa a partir de {rows} linhas x {subsets} subconjuntos com {basis}).</translation>
    </message>
    <message>
        <source>Estimated run time: about {time} (an estimate from {rows} rows x {subsets} subsets at {basis}).</source>
        <translation>Tempo de execução estimado: cerca de {time} (estimativa a partir de {rows} linhas x {subsets} subconjuntos com {basis}).</translation>
    </message>
    <message>
        <source>It includes {0}.</source>
        <translation>Inclui {0}.</translation>
    </message>
    <message>
        <source>Before running: {0}.</source>
        <translation>Antes de executar: {0}.</translation>
    </message>
    <message>
        <source>{0!r} is not a number</source>
        <translation>{0!r} não é um número</translation>
    </message>
    <message>
        <source>give at least one level, e.g. 0.01, 0.05, 0.1, 0.2</source>
        <translation>informe pelo menos um nível, p. ex. 0,01; 0,05; 0,1; 0,2</translation>
    </message>
</context>
<context>
    <name>data_page</name>
    <message>
        <source>its name and its values</source>
        <translation>pelo seu nome e pelos seus valores</translation>
    </message>
    <message>
        <source>its name</source>
        <translation>pelo seu nome</translation>
    </message>
    <message>
        <source>its values</source>
        <translation>pelos seus valores</translation>
    </message>
    <message>
        <source>1 · Data</source>
        <translation>1 · Dados</translation>
    </message>
    <message>
        <source>No data yet. Open a data file (Ctrl+O), drop one on the window, or start with the census example from the Start page.</source>
        <translation>Ainda não há dados. Abra um arquivo de dados (Ctrl+O), solte um na janela ou comece pelo exemplo do censo na página Início.</translation>
    </message>
    <message>
        <source>Open a data file...</source>
        <translation>Abrir um arquivo de dados...</translation>
    </message>
    <message>
        <source>Import options...</source>
        <translation>Opções de importação...</translation>
    </message>
    <message>
        <source>Change the delimiter, encoding or sheet used to read the file.</source>
        <translation>Alterar o delimitador, a codificação ou a planilha usados para ler o arquivo.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Rows&lt;/b&gt;</source>
        <translation>&lt;b&gt;Linhas&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Click a column header to sort. Select a row and press the button to attack that person as an individual target.</source>
        <translation>Clique no cabeçalho de uma coluna para ordenar. Selecione uma linha e pressione o botão para atacar essa pessoa como alvo individual.</translation>
    </message>
    <message>
        <source>Use selected row as a target</source>
        <translation>Usar a linha selecionada como alvo</translation>
    </message>
    <message>
        <source>Adds an individual target whose known values are this row&apos;s quasi-identifier values.</source>
        <translation>Adiciona um alvo individual cujos valores conhecidos são os valores dos quase-identificadores desta linha.</translation>
    </message>
    <message>
        <source>Selected columns:</source>
        <translation>Colunas selecionadas:</translation>
    </message>
    <message>
        <source>Give the selected columns this role: {tip}</source>
        <translation>Dá este papel às colunas selecionadas: {tip}</translation>
    </message>
    <message>
        <source>Other role</source>
        <translation>Outro papel</translation>
    </message>
    <message>
        <source>Ctrl+click or Shift+click rows to select several; right-click for every role.</source>
        <translation>Ctrl+clique ou Shift+clique nas linhas para selecionar várias; clique direito para todos os papéis.</translation>
    </message>
    <message>
        <source>Use as the sampling weight</source>
        <translation>Usar como peso amostral</translation>
    </message>
    <message>
        <source>Gives the suggested column the Sampling weight role: the file is then treated as a sample of a larger population.</source>
        <translation>Atribui à coluna sugerida o papel Peso amostral: o arquivo passa a ser tratado como uma amostra de uma população maior.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; — {format}, {rows} rows, {columns} columns</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; — {format}, {rows} linhas, {columns} colunas</translation>
    </message>
    <message>
        <source>quasi-identifiers</source>
        <translation>quase-identificadores</translation>
    </message>
    <message>
        <source>numeric quasi-identifiers</source>
        <translation>quase-identificadores numéricos</translation>
    </message>
    <message>
        <source>sensitive</source>
        <translation>sensíveis</translation>
    </message>
    <message>
        <source>identifiers (excluded)</source>
        <translation>identificadores (excluídos)</translation>
    </message>
    <message>
        <source>linkage keys</source>
        <translation>chaves de ligação</translation>
    </message>
    <message>
        <source>quasi-identifier</source>
        <translation>quase-identificador</translation>
    </message>
    <message>
        <source>numeric quasi-identifier</source>
        <translation>quase-identificador numérico</translation>
    </message>
    <message>
        <source>identifier (excluded)</source>
        <translation>identificador (excluído)</translation>
    </message>
    <message>
        <source>linkage key</source>
        <translation>chave de ligação</translation>
    </message>
    <message>
        <source>sampling weight</source>
        <translation>peso amostral</translation>
    </message>
    <message>
        <source>household id</source>
        <translation>identificador do domicílio</translation>
    </message>
    <message>
        <source>No roles chosen yet.</source>
        <translation>Nenhum papel escolhido ainda.</translation>
    </message>
    <message>
        <source>  Set at least one column to &lt;b&gt;Quasi-identifier&lt;/b&gt; (what an attacker could know), and the columns to protect to &lt;b&gt;Sensitive&lt;/b&gt;.</source>
        <translation>  Defina pelo menos uma coluna como &lt;b&gt;Quase-identificador&lt;/b&gt; (o que um atacante poderia conhecer) e as colunas a proteger como &lt;b&gt;Atributo sensível&lt;/b&gt;.</translation>
    </message>
    <message>
        <source> ({names} also could be.)</source>
        <translation> ({names} também poderia(m) ser.)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Is this file a sample?&lt;/b&gt; Column &lt;b&gt;{column}&lt;/b&gt; looks like a sampling weight by {reason} ({share} of its values above 1, {distinct} different values).{also} If it is, make it the sampling weight: the risk is then estimated for the population the sample stands for.</source>
        <translation>&lt;b&gt;Este arquivo é uma amostra?&lt;/b&gt; A coluna &lt;b&gt;{column}&lt;/b&gt; parece um peso amostral {reason} ({share} dos seus valores acima de 1, {distinct} valores diferentes).{also} Se for, torne-a o peso amostral: o risco passa a ser estimado para a população que a amostra representa.</translation>
    </message>
    <message>
        <source>Use {column} as the sampling weight</source>
        <translation>Usar {column} como peso amostral</translation>
    </message>
    <message>
        <source>Select a row first (click its row number).</source>
        <translation>Selecione uma linha primeiro (clique no número da linha).</translation>
    </message>
    <message>
        <source>Choose the quasi-identifiers first: the target is what the attacker knows about this row.</source>
        <translation>Escolha primeiro os quase-identificadores: o alvo é o que o atacante sabe sobre esta linha.</translation>
    </message>
    <message>
        <source>Added target (file row {row}): {target}. It is attacked when Individual targets is ticked on the Attacks page.</source>
        <translation>Alvo adicionado (linha {row} do arquivo): {target}. Ele é atacado quando Alvos individuais está marcado na página Ataques.</translation>
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
    <name>dialogs.help_browser</name>
    <message>
        <source>RiskReview user guide</source>
        <translation>Guia do usuário do RiskReview</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Voltar</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Avançar</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Sumário</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Glossário</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>Navegação</translation>
    </message>
    <message>
        <source>Web link, not opened here: {url}</source>
        <translation>Link da web, não aberto aqui: {url}</translation>
    </message>
    <message>
        <source>Not part of the guide: {url}</source>
        <translation>Não faz parte do guia: {url}</translation>
    </message>
    <message>
        <source>Right-click: what is this? (glossary)</source>
        <translation>Clique com o botão direito: o que é isto? (glossário)</translation>
    </message>
    <message>
        <source>What is “{name}”?</source>
        <translation>O que é “{name}”?</translation>
    </message>
</context>
<context>
    <name>dialogs.hierarchy_wizard</name>
    <message>
        <source>template for the column</source>
        <translation>modelo para a coluna</translation>
    </message>
    <message>
        <source>intervals of growing widths</source>
        <translation>intervalos de larguras crescentes</translation>
    </message>
    <message>
        <source>dates to month, year, decade</source>
        <translation>datas para mês, ano, década</translation>
    </message>
    <message>
        <source>codes masked from the right</source>
        <translation>códigos mascarados da direita</translation>
    </message>
    <message>
        <source>ordered categories merged</source>
        <translation>categorias ordenadas agrupadas</translation>
    </message>
    <message>
        <source>suppression only (*)</source>
        <translation>apenas supressão (*)</translation>
    </message>
    <message>
        <source>month</source>
        <translation>mês</translation>
    </message>
    <message>
        <source>year</source>
        <translation>ano</translation>
    </message>
    <message>
        <source>decade</source>
        <translation>década</translation>
    </message>
    <message>
        <source>{0} character</source>
        <translation>{0} caractere</translation>
    </message>
    <message>
        <source>{0} characters</source>
        <translation>{0} caracteres</translation>
    </message>
    <message>
        <source>intervals of widths {0}, then *</source>
        <translation>intervalos de larguras {0}, depois *</translation>
    </message>
    <message>
        <source>intervals of width {0}, doubled per level, then *</source>
        <translation>intervalos de largura {0}, dobrada a cada nível, depois *</translation>
    </message>
    <message>
        <source>dates to {0}, then *</source>
        <translation>datas para {0}, depois *</translation>
    </message>
    <message>
        <source> (zero-padded to the longest code)</source>
        <translation> (completados com zeros até o código mais longo)</translation>
    </message>
    <message>
        <source>codes masked from the right, {0} per level{1}, then *</source>
        <translation>códigos mascarados da direita, {0} por nível{1}, depois *</translation>
    </message>
    <message>
        <source>adjacent categories merged {0} at a time, then *</source>
        <translation>categorias vizinhas agrupadas de {0} em {0}, depois *</translation>
    </message>
    <message>
        <source>every value to * (suppression only)</source>
        <translation>todo valor vira * (apenas supressão)</translation>
    </message>
    <message>
        <source>Hierarchy wizard</source>
        <translation>Assistente de hierarquias</translation>
    </message>
    <message>
        <source>Quasi-identifier</source>
        <translation>Quase-identificador</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>One width: doubled at each level until one interval holds every value. Several widths (5, 10, 20): one level each, each a multiple of the one before.</source>
        <translation>Uma largura: dobrada a cada nível até que um intervalo contenha todos os valores. Várias larguras (5, 10, 20): um nível cada, cada uma múltipla da anterior.</translation>
    </message>
    <message>
        <source>pad with zeros on the left to the longest code first</source>
        <translation>completar antes com zeros à esquerda até o código mais longo</translation>
    </message>
    <message>
        <source>Characters masked per level</source>
        <translation>Caracteres mascarados por nível</translation>
    </message>
    <message>
        <source>the categories in their order, one a line</source>
        <translation>as categorias na sua ordem, uma por linha</translation>
    </message>
    <message>
        <source>Order (one a line)</source>
        <translation>Ordem (uma por linha)</translation>
    </message>
    <message>
        <source>Groups merged per level</source>
        <translation>Grupos agrupados por nível</translation>
    </message>
    <message>
        <source>Level 1 replaces every value by * (the column is suppressed).</source>
        <translation>O nível 1 substitui todo valor por * (a coluna é suprimida).</translation>
    </message>
    <message>
        <source>Widths</source>
        <translation>Larguras</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parâmetros</translation>
    </message>
    <message>
        <source>level</source>
        <translation>nível</translation>
    </message>
    <message>
        <source>groups</source>
        <translation>grupos</translation>
    </message>
    <message>
        <source>smallest group</source>
        <translation>menor grupo</translation>
    </message>
    <message>
        <source>largest group</source>
        <translation>maior grupo</translation>
    </message>
    <message>
        <source>commonest groups (records)</source>
        <translation>grupos mais comuns (registros)</translation>
    </message>
    <message>
        <source>Load...</source>
        <translation>Abrir...</translation>
    </message>
    <message>
        <source>Open an ARX hierarchy file for this quasi-identifier and preview it.</source>
        <translation>Abrir um arquivo de hierarquia do ARX para este quase-identificador e ver a prévia.</translation>
    </message>
    <message>
        <source>Save...</source>
        <translation>Salvar...</translation>
    </message>
    <message>
        <source>Write the hierarchy as an ARX CSV file and use it for this quasi-identifier.</source>
        <translation>Gravar a hierarquia como arquivo CSV do ARX e usá-la para este quase-identificador.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>interval widths: {0!r} is not a list of numbers</source>
        <translation>larguras dos intervalos: {0!r} não é uma lista de números</translation>
    </message>
    <message>
        <source>interval widths: give at least one width</source>
        <translation>larguras dos intervalos: informe pelo menos uma largura</translation>
    </message>
    <message>
        <source>Choose a quasi-identifier on the Data page first.</source>
        <translation>Escolha primeiro um quase-identificador na página Dados.</translation>
    </message>
    <message>
        <source>For {0}: {1}.</source>
        <translation>Para {0}: {1}.</translation>
    </message>
    <message>
        <source>Cannot build: {0}</source>
        <translation>Não é possível construir: {0}</translation>
    </message>
    <message>
        <source>loaded from {0}</source>
        <translation>aberta de {0}</translation>
    </message>
    <message>
        <source>{0}: {1} levels above the original values ({2}).</source>
        <translation>{0}: {1} níveis acima dos valores originais ({2}).</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(ausente)</translation>
    </message>
    <message>
        <source>{0} more</source>
        <translation>mais {0}</translation>
    </message>
    <message>
        <source>original value</source>
        <translation>valor original</translation>
    </message>
    <message>
        <source>level {0}</source>
        <translation>nível {0}</translation>
    </message>
    <message>
        <source>nothing to save: the hierarchy could not be built</source>
        <translation>nada a salvar: a hierarquia não pôde ser construída</translation>
    </message>
    <message>
        <source>Save the hierarchy of {0}</source>
        <translation>Salvar a hierarquia de {0}</translation>
    </message>
    <message>
        <source>The hierarchy was not saved</source>
        <translation>A hierarquia não foi salva</translation>
    </message>
    <message>
        <source>A hierarchy file for {0}</source>
        <translation>Um arquivo de hierarquia para {0}</translation>
    </message>
    <message>
        <source>The hierarchy was not loaded</source>
        <translation>A hierarquia não foi aberta</translation>
    </message>
    <message>
        <source>A folder for the hierarchies</source>
        <translation>Uma pasta para as hierarquias</translation>
    </message>
    <message>
        <source>Replace the hierarchy files?</source>
        <translation>Substituir os arquivos de hierarquia?</translation>
    </message>
    <message>
        <source>Already in {0}: {1}. Replace?</source>
        <translation>Já existem em {0}: {1}. Substituir?</translation>
    </message>
    <message>
        <source>The hierarchies were not made</source>
        <translation>As hierarquias não foram criadas</translation>
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
    <message>
        <source>Restart RiskReview?</source>
        <translation>Reiniciar o RiskReview?</translation>
    </message>
    <message>
        <source>The new language is used once RiskReview is started again. Restart now?</source>
        <translation>O novo idioma é usado quando o RiskReview for iniciado novamente. Reiniciar agora?</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>Reiniciar agora</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Depois</translation>
    </message>
</context>
<context>
    <name>dialogs.report_settings</name>
    <message>
        <source>Unique records, at most:</source>
        <translation>Registros únicos, no máximo:</translation>
    </message>
    <message>
        <source>Share of the records that are unique on the quasi-identifiers an attacker knows (found with certainty). Above it, the verdict is &quot;do not release&quot;.</source>
        <translation>Proporção dos registros que são únicos nos quase-identificadores que um atacante conhece (encontrados com certeza). Acima dela, o veredito é &quot;não divulgar&quot;.</translation>
    </message>
    <message>
        <source>Mean re-identification probability, at most:</source>
        <translation>Probabilidade média de reidentificação, no máximo:</translation>
    </message>
    <message>
        <source>Average, over the records, of 1 / the size of the record&apos;s group of look-alikes: the chance that an attacker who picks a matching record picks the right person.</source>
        <translation>Média, sobre os registros, de 1 / o tamanho do grupo de registros iguais: a chance de um atacante que escolhe um registro compatível escolher a pessoa certa.</translation>
    </message>
    <message>
        <source>Rise in certain inference, at most:</source>
        <translation>Aumento da inferência certa, no máximo:</translation>
    </message>
    <message>
        <source>How much the release raises, over what is known without it, the share of records whose sensitive value an attacker learns with certainty.</source>
        <translation>Quanto a divulgação aumenta, em relação ao que se sabe sem ela, a proporção de registros cujo valor sensível um atacante descobre com certeza.</translation>
    </message>
    <message>
        <source>Expected re-identifications (sample files), at most:</source>
        <translation>Reidentificações esperadas (arquivos amostrais), no máximo:</translation>
    </message>
    <message>
        <source>For a file with a sampling weight: the expected share of records re-identified in the population (the sum of the individual risks / records). It replaces the first two limits for sample files.</source>
        <translation>Para um arquivo com peso amostral: a proporção esperada de registros reidentificados na população (a soma dos riscos individuais / registros). Substitui os dois primeiros limites em arquivos amostrais.</translation>
    </message>
    <message>
        <source>Methods (how each measure is computed)</source>
        <translation>Métodos (como cada medida é calculada)</translation>
    </message>
    <message>
        <source>Appendix (the analysis file as run)</source>
        <translation>Apêndice (o arquivo de análise executado)</translation>
    </message>
    <message>
        <source>Report and verdict settings</source>
        <translation>Configurações do relatório e do veredito</translation>
    </message>
    <message>
        <source>Verdict thresholds</source>
        <translation>Limites do veredito</translation>
    </message>
    <message>
        <source>The release board&apos;s limits behind the verdict of the window and the report. Each is a share of the records; the defaults are examples, not a policy.</source>
        <translation>Os limites do comitê de divulgação por trás do veredito da janela e do relatório. Cada um é uma proporção dos registros; os padrões são exemplos, não uma política.</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>Relatório</translation>
    </message>
    <message>
        <source>Shown on the report&apos;s cover as &quot;Prepared by&quot; and in the PDF&apos;s properties.</source>
        <translation>Mostrado na capa do relatório como &quot;Preparado por&quot; e nas propriedades do PDF.</translation>
    </message>
    <message>
        <source>Author:</source>
        <translation>Autor:</translation>
    </message>
    <message>
        <source>The agency or unit, shown on the report&apos;s cover.</source>
        <translation>O órgão ou a unidade, mostrado na capa do relatório.</translation>
    </message>
    <message>
        <source>Organisation:</source>
        <translation>Organização:</translation>
    </message>
    <message>
        <source>The window&apos;s language</source>
        <translation>O idioma da janela</translation>
    </message>
    <message>
        <source>The language of this analysis&apos;s PDF report, whatever the window&apos;s language.</source>
        <translation>O idioma do relatório PDF desta análise, qualquer que seja o idioma da janela.</translation>
    </message>
    <message>
        <source>Report language:</source>
        <translation>Idioma do relatório:</translation>
    </message>
    <message>
        <source>Show the values that single out a person</source>
        <translation>Mostrar os valores que individualizam uma pessoa</translation>
    </message>
    <message>
        <source>Individual targets&apos; known values and the values guessed about them. Off: the report hides them.</source>
        <translation>Os valores conhecidos dos alvos individuais e os valores adivinhados sobre eles. Desmarcado: o relatório os oculta.</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>Exemplos:</translation>
    </message>
    <message>
        <source>Sections:</source>
        <translation>Seções:</translation>
    </message>
    <message>
        <source>Put the example thresholds back</source>
        <translation>Restaurar os limites de exemplo</translation>
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
        <source>(missing)</source>
        <translation>(ausente)</translation>
    </message>
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
        <translation>somente oblívio (central)</translation>
    </message>
    <message>
        <source>local only</source>
        <translation>somente local</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(ausente)</translation>
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
        <source>choose the secret (sensitive) column</source>
        <translation>escolha a coluna secreta (sensível)</translation>
    </message>
    <message>
        <source>choose the counted (useful) column</source>
        <translation>escolha a coluna contada (útil)</translation>
    </message>
    <message>
        <source>tick at least one value of {0!r} to count</source>
        <translation>marque pelo menos um valor de {0!r} para contar</translation>
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
        <translation>Linhas contínuas: mecanismo oblívio (central); tracejadas: local. Uma cor por consulta. Aponte para um ponto para ver os seus valores.</translation>
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
    <message>
        <source>thresholded count: p {0!r} is not a number</source>
        <translation>contagem com limiar: p {0!r} não é um número</translation>
    </message>
</context>
<context>
    <name>dp_page</name>
    <message>
        <source>Noisy counts</source>
        <translation>Contagens com ruído</translation>
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
</context>
<context>
    <name>jobs</name>
    <message>
        <source>Not enough memory to finish. Close other programs, or use fewer quasi-identifiers or a smaller subset family.</source>
        <translation>Memória insuficiente para concluir. Feche outros programas ou use menos quase-identificadores ou uma família de subconjuntos menor.</translation>
    </message>
    <message>
        <source>An unexpected error stopped the work ({error}).</source>
        <translation>Um erro inesperado interrompeu o trabalho ({error}).</translation>
    </message>
</context>
<context>
    <name>main_window</name>
    <message>
        <source>Start</source>
        <translation>Início</translation>
    </message>
    <message>
        <source>1  Data</source>
        <translation>1  Dados</translation>
    </message>
    <message>
        <source>2  Releases</source>
        <translation>2  Edições</translation>
    </message>
    <message>
        <source>3  Attacks</source>
        <translation>3  Ataques</translation>
    </message>
    <message>
        <source>4  Results</source>
        <translation>4  Resultados</translation>
    </message>
    <message>
        <source>5  Scenarios</source>
        <translation>5  Cenários</translation>
    </message>
    <message>
        <source>Synthetic data</source>
        <translation>Dados sintéticos</translation>
    </message>
    <message>
        <source>Noisy counts</source>
        <translation>Contagens com ruído</translation>
    </message>
    <message>
        <source>RiskReview analysis (*.toml)</source>
        <translation>Análise do RiskReview (*.toml)</translation>
    </message>
    <message>
        <source>RiskReview {version}</source>
        <translation>RiskReview {version}</translation>
    </message>
    <message>
        <source>&amp;Open data file...</source>
        <translation>&amp;Abrir arquivo de dados...</translation>
    </message>
    <message>
        <source>Open a data file</source>
        <translation>Abrir um arquivo de dados</translation>
    </message>
    <message>
        <source>Open &amp;analysis...</source>
        <translation>Abrir a&amp;nálise...</translation>
    </message>
    <message>
        <source>Open a saved analysis</source>
        <translation>Abrir uma análise salva</translation>
    </message>
    <message>
        <source>&amp;Save analysis...</source>
        <translation>&amp;Salvar análise...</translation>
    </message>
    <message>
        <source>Save the analysis (settings only, never the data)</source>
        <translation>Salvar a análise (somente as configurações, nunca os dados)</translation>
    </message>
    <message>
        <source>&amp;Run the attacks</source>
        <translation>E&amp;xecutar os ataques</translation>
    </message>
    <message>
        <source>Run the attacks</source>
        <translation>Executar os ataques</translation>
    </message>
    <message>
        <source>&amp;Cancel the run</source>
        <translation>&amp;Cancelar a execução</translation>
    </message>
    <message>
        <source>Cancel the run</source>
        <translation>Cancelar a execução</translation>
    </message>
    <message>
        <source>Export &amp;PDF report...</source>
        <translation>Exportar relatório em &amp;PDF...</translation>
    </message>
    <message>
        <source>Export the PDF report</source>
        <translation>Exportar o relatório em PDF</translation>
    </message>
    <message>
        <source>Export CSV and &amp;JSON...</source>
        <translation>Exportar CSV e &amp;JSON...</translation>
    </message>
    <message>
        <source>Export the result tables</source>
        <translation>Exportar as tabelas de resultados</translation>
    </message>
    <message>
        <source>Open the census &amp;example</source>
        <translation>Abrir o &amp;exemplo do censo</translation>
    </message>
    <message>
        <source>&amp;New analysis</source>
        <translation>&amp;Nova análise</translation>
    </message>
    <message>
        <source>Start a new, empty analysis</source>
        <translation>Começar uma análise nova e vazia</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>&amp;About RiskReview</source>
        <translation>&amp;Sobre o RiskReview</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Arquivos &amp;recentes</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Desfazer</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Refazer</translation>
    </message>
    <message>
        <source>Report and &amp;verdict settings...</source>
        <translation>Configurações do relatório e do &amp;veredito...</translation>
    </message>
    <message>
        <source>Verdict thresholds, author, organisation, language and sections of the report</source>
        <translation>Limites do veredito, autor, organização, idioma e seções do relatório</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>E&amp;xecutar</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>Ex&amp;ibir</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>&amp;Guia do usuário</translation>
    </message>
    <message>
        <source>The user guide at this page&apos;s section</source>
        <translation>O guia do usuário na seção desta página</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>&amp;Glossário</translation>
    </message>
    <message>
        <source>What each measure means</source>
        <translation>O que cada medida significa</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Principal</translation>
    </message>
    <message>
        <source>No file loaded</source>
        <translation>Nenhum arquivo carregado</translation>
    </message>
    <message>
        <source>File: {name}</source>
        <translation>Arquivo: {name}</translation>
    </message>
    <message>
        <source>{rows} rows × {columns} columns</source>
        <translation>{rows} linhas × {columns} colunas</translation>
    </message>
    <message>
        <source>{name} — RiskReview {version}</source>
        <translation>{name} — RiskReview {version}</translation>
    </message>
    <message>
        <source>Data in memory: {size}</source>
        <translation>Dados na memória: {size}</translation>
    </message>
    <message>
        <source>RiskReview uses {size}</source>
        <translation>O RiskReview usa {size}</translation>
    </message>
    <message>
        <source>Reading the file</source>
        <translation>Lendo o arquivo</translation>
    </message>
    <message>
        <source>Save changes?</source>
        <translation>Salvar as alterações?</translation>
    </message>
    <message>
        <source>The analysis has changes that are not saved.</source>
        <translation>A análise tem alterações que não foram salvas.</translation>
    </message>
    <message>
        <source>Save them in an analysis file before going on?</source>
        <translation>Salvá-las em um arquivo de análise antes de continuar?</translation>
    </message>
    <message>
        <source>Recover the analysis?</source>
        <translation>Recuperar a análise?</translation>
    </message>
    <message>
        <source>RiskReview was not closed normally while an analysis had unsaved changes. Recover them?</source>
        <translation>O RiskReview não foi fechado normalmente quando uma análise tinha alterações não salvas. Recuperá-las?</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>Recuperar</translation>
    </message>
    <message>
        <source>Opened from {path}.</source>
        <translation>Aberta de {path}.</translation>
    </message>
    <message>
        <source>Open an analysis</source>
        <translation>Abrir uma análise</translation>
    </message>
</context>
<context>
    <name>models.profile_model</name>
    <message>
        <source>Column</source>
        <translation>Coluna</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Papel</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Distinct</source>
        <translation>Distintos</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Ausentes</translation>
    </message>
    <message>
        <source>Most frequent values</source>
        <translation>Valores mais frequentes</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Verificação</translation>
    </message>
    <message>
        <source>integer</source>
        <translation>inteiro</translation>
    </message>
    <message>
        <source>float</source>
        <translation>decimal</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>lógico</translation>
    </message>
    <message>
        <source>date/time</source>
        <translation>data/hora</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>other</source>
        <translation>outro</translation>
    </message>
    <message>
        <source>nested (not supported)</source>
        <translation>aninhado (não suportado)</translation>
    </message>
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
    <message>
        <source>{value}: {count} rows</source>
        <translation>{value}: {count} linhas</translation>
    </message>
    <message>
        <source>Several values per cell ({0}): no measure reads such a column, so it can have no role. Flatten it into plain columns to use it.</source>
        <translation>Vários valores por célula ({0}): nenhuma medida lê uma coluna assim, então ela não pode ter papel. Transforme-a em colunas simples para usá-la.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>not supported</source>
        <translation>não suportado</translation>
    </message>
    <message>
        <source>direct identifier?</source>
        <translation>identificador direto?</translation>
    </message>
</context>
<context>
    <name>models.results_models</name>
    <message>
        <source>Size</source>
        <translation>Tamanho</translation>
    </message>
    <message>
        <source>Quasi-identifiers</source>
        <translation>Quase-identificadores</translation>
    </message>
    <message>
        <source>People</source>
        <translation>Pessoas</translation>
    </message>
    <message>
        <source>Gain</source>
        <translation>Ganho</translation>
    </message>
    <message>
        <source>Expected people</source>
        <translation>Pessoas esperadas</translation>
    </message>
    <message>
        <source>Learned for sure
(prior {prior})</source>
        <translation>Descoberto com certeza
(a priori {prior})</translation>
    </message>
    <message>
        <source>Same in the sample block
(prior {prior})</source>
        <translation>Igual no bloco da amostra
(priori {prior})</translation>
    </message>
    <message>
        <source>Guessed right in the sample
(prior {prior})</source>
        <translation>Acertado na amostra
(priori {prior})</translation>
    </message>
    <message>
        <source>Unique in the sample
(prior {prior})</source>
        <translation>Únicos na amostra
(priori {prior})</translation>
    </message>
    <message>
        <source>Picked right in the sample
(prior {prior})</source>
        <translation>Escolhido certo na amostra
(priori {prior})</translation>
    </message>
    <message>
        <source>Guessed right
(prior {prior})</source>
        <translation>Acertado
(a priori {prior})</translation>
    </message>
    <message>
        <source>Unique
(prior {prior})</source>
        <translation>Únicos
(a priori {prior})</translation>
    </message>
    <message>
        <source>Re-identified
(prior {prior})</source>
        <translation>Reidentificados
(a priori {prior})</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>Registros</translation>
    </message>
    <message>
        <source>Expected records</source>
        <translation>Registros esperados</translation>
    </message>
    <message>
        <source>Target (what the attacker knows)</source>
        <translation>Alvo (o que o atacante conhece)</translation>
    </message>
    <message>
        <source>Matching records</source>
        <translation>Registros correspondentes</translation>
    </message>
    <message>
        <source>Re-identification
(chance)</source>
        <translation>Reidentificação
(chance)</translation>
    </message>
    <message>
        <source>Unique in the sample?</source>
        <translation>Único na amostra?</translation>
    </message>
    <message>
        <source>Unique?</source>
        <translation>Único?</translation>
    </message>
    <message>
        <source>{name}
(attacker&apos;s guess)</source>
        <translation>{name}
(palpite do atacante)</translation>
    </message>
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
        <source> (same in the sample block)</source>
        <translation> (igual no bloco da amostra)</translation>
    </message>
    <message>
        <source> (certain)</source>
        <translation> (certeza)</translation>
    </message>
</context>
<context>
    <name>models.table_model</name>
    <message>
        <source>(missing)</source>
        <translation>(ausente)</translation>
    </message>
    <message>
        <source>missing value</source>
        <translation>valor ausente</translation>
    </message>
    <message>
        <source>{name}: {kind}, {count} distinct values</source>
        <translation>{name}: {kind}, {count} valores distintos</translation>
    </message>
</context>
<context>
    <name>platform_check</name>
    <message>
        <source>RiskReview cannot open its window: the system library {library} is missing{package}.</source>
        <translation>O RiskReview não consegue abrir sua janela: falta a biblioteca do sistema {library}{package}.</translation>
    </message>
    <message>
        <source> (Debian/Ubuntu package {package}; install it as root)</source>
        <translation> (pacote Debian/Ubuntu {package}; instale-o como root)</translation>
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
        <source>{0} later release with its linkage key: the run links it to the focal release (see Results, Over time).</source>
        <translation>{0} edição posterior com a sua chave de ligação: a execução a liga à edição focal (veja Resultados, Ao longo do tempo).</translation>
    </message>
    <message>
        <source>{0} later releases with their linkage key: the run links them to the focal release (see Results, Over time).</source>
        <translation>{0} edições posteriores com a sua chave de ligação: a execução as liga à edição focal (veja Resultados, Ao longo do tempo).</translation>
    </message>
    <message>
        <source>Choose the focal release&apos;s linkage key above.</source>
        <translation>Escolha acima a chave de ligação da edição focal.</translation>
    </message>
</context>
<context>
    <name>results_page</name>
    <message>
        <source>4 · Results</source>
        <translation>4 · Resultados</translation>
    </message>
    <message>
        <source>No results yet. Choose the attacks on the Attacks page and press Run (Ctrl+R).</source>
        <translation>Ainda não há resultados. Escolha os ataques na página Ataques e pressione Executar (Ctrl+R).</translation>
    </message>
    <message>
        <source>These results were run with other settings than the analysis now on screen; the exports describe the settings they were run with. Run again (Ctrl+R) to update them.</source>
        <translation>Estes resultados foram obtidos com configurações diferentes das da análise agora na tela; as exportações descrevem as configurações com que foram executados. Execute novamente (Ctrl+R) para atualizá-los.</translation>
    </message>
    <message>
        <source>Attack:</source>
        <translation>Ataque:</translation>
    </message>
    <message>
        <source>Top subsets per size</source>
        <translation>Piores subconjuntos</translation>
    </message>
    <message>
        <source>One dot per subset of quasi-identifiers; the dark dot is the worst subset of each size; the dashed line is the prior. Point at a dot to see its subset, click to select it.</source>
        <translation>Um ponto por subconjunto de quase-identificadores; o ponto escuro é o pior subconjunto de cada tamanho; a linha tracejada é o valor a priori. Aponte para um ponto para ver o seu subconjunto, clique para selecioná-lo.</translation>
    </message>
    <message>
        <source>Success by subset size</source>
        <translation>Sucesso por tamanho</translation>
    </message>
    <message>
        <source>Worst-case histograms</source>
        <translation>Histogramas (pior caso)</translation>
    </message>
    <message>
        <source>Individual targets</source>
        <translation>Alvos individuais</translation>
    </message>
    <message>
        <source>Privacy models</source>
        <translation>Modelos de privacidade</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>Evolução</translation>
    </message>
    <message>
        <source>Sample file</source>
        <translation>Arquivo amostral</translation>
    </message>
    <message>
        <source>For each size, the worst subset by:</source>
        <translation>Para cada tamanho, o pior subconjunto por:</translation>
    </message>
    <message>
        <source>probabilistic success</source>
        <translation>sucesso probabilístico</translation>
    </message>
    <message>
        <source>deterministic success</source>
        <translation>sucesso determinístico</translation>
    </message>
    <message>
        <source>show ties</source>
        <translation>mostrar empates</translation>
    </message>
    <message>
        <source>Show every subset that ties for the highest success of its size.</source>
        <translation>Mostrar todos os subconjuntos empatados no maior sucesso do seu tamanho.</translation>
    </message>
    <message>
        <source>linked releases</source>
        <translation>edições ligadas</translation>
    </message>
    <message>
        <source>Show the attacks on the releases joined on the linkage key (quasi-identifiers labelled column@release) instead of the focal release alone.</source>
        <translation>Mostrar os ataques às edições unidas pela chave de ligação (quase-identificadores rotulados coluna@edição) em vez da edição focal sozinha.</translation>
    </message>
    <message>
        <source>People: head-counts behind the percentages. Gain: how much better the attacker does than with no quasi-identifier (percentage points for deterministic, times for probabilistic). Point at a header for its meaning.</source>
        <translation>Pessoas: as contagens por trás dos percentuais. Ganho: quanto melhor o atacante se sai do que sem nenhum quase-identificador (pontos percentuais no determinístico, vezes no probabilístico). Aponte para um cabeçalho para ver o seu significado.</translation>
    </message>
    <message>
        <source>Subset sizes:</source>
        <translation>Tamanhos de subconjunto:</translation>
    </message>
    <message>
        <source>logarithmic people axis</source>
        <translation>eixo de pessoas logarítmico</translation>
    </message>
    <message>
        <source>Show small bars (a few people at high risk) next to large ones.</source>
        <translation>Mostrar barras pequenas (poucas pessoas em risco alto) ao lado das grandes.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;: {records}, {subsets} of {qids}, run in {time}.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;: {records}, {subsets} de {qids}, executado em {time}.</translation>
    </message>
    <message>
        <source>{0}; {1} with no matching record (&quot;no match&quot;: no one in the file has all these values).</source>
        <translation>{0}; {1} sem registro correspondente (&quot;sem correspondência&quot;: ninguém no arquivo tem todos esses valores).</translation>
    </message>
    <message>
        <source>{0}. Chance: the probability of picking the person&apos;s record among those with the same values; the guess is the most common sensitive value.</source>
        <translation>{0}. Chance: a probabilidade de escolher o registro da pessoa entre os que têm os mesmos valores; o palpite é o valor sensível mais comum.</translation>
    </message>
    <message>
        <source>Warning: {0}</source>
        <translation>Aviso: {0}</translation>
    </message>
    <message>
        <source>{0} record</source>
        <translation>{0} registro</translation>
    </message>
    <message>
        <source>{0} records</source>
        <translation>{0} registros</translation>
    </message>
    <message>
        <source>{0} subset</source>
        <translation>{0} subconjunto</translation>
    </message>
    <message>
        <source>{0} subsets</source>
        <translation>{0} subconjuntos</translation>
    </message>
    <message>
        <source>{0} quasi-identifier</source>
        <translation>{0} quase-identificador</translation>
    </message>
    <message>
        <source>{0} quasi-identifiers</source>
        <translation>{0} quase-identificadores</translation>
    </message>
    <message>
        <source>{0} target</source>
        <translation>{0} alvo</translation>
    </message>
    <message>
        <source>{0} targets</source>
        <translation>{0} alvos</translation>
    </message>
    <message>
        <source>Re-identification</source>
        <translation>Reidentificação</translation>
    </message>
    <message>
        <source>Attribute inference: {0}</source>
        <translation>Inferência de atributo: {0}</translation>
    </message>
    <message>
        <source>No individual target was attacked. Add one on the Attacks page, or select a row on the Data page.</source>
        <translation>Nenhum alvo individual foi atacado. Adicione um na página Ataques ou selecione uma linha na página Dados.</translation>
    </message>
    <message>
        <source>Inference of {0}</source>
        <translation>Inferência de {0}</translation>
    </message>
    <message>
        <source>{0} — priors (attacker knows no quasi-identifier): deterministic {1}, probabilistic {2}</source>
        <translation>{0} — valores a priori (o atacante não conhece nenhum quase-identificador): determinístico {1}, probabilístico {2}</translation>
    </message>
    <message>
        <source>re-identification risk</source>
        <translation>risco de reidentificação</translation>
    </message>
    <message>
        <source>risk of learning {0}</source>
        <translation>risco de descobrir {0}</translation>
    </message>
    <message>
        <source>Selected: {0}</source>
        <translation>Selecionado: {0}</translation>
    </message>
</context>
<context>
    <name>scenarios.compare_view</name>
    <message>
        <source>scenario</source>
        <translation>cenário</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>veredito</translation>
    </message>
    <message>
        <source>unique</source>
        <translation>únicos</translation>
    </message>
    <message>
        <source>mean re-id. prob.</source>
        <translation>prob. média de reid.</translation>
    </message>
    <message>
        <source>certain inference</source>
        <translation>inferência certa</translation>
    </message>
    <message>
        <source>released</source>
        <translation>liberados</translation>
    </message>
    <message>
        <source>blanked</source>
        <translation>suprimidos</translation>
    </message>
    <message>
        <source>info lost</source>
        <translation>informação perdida</translation>
    </message>
    <message>
        <source>Verdict under the analysis&apos;s thresholds</source>
        <translation>Veredito segundo os limiares da análise</translation>
    </message>
    <message>
        <source>Mean re-identification probability on the worst QID subset</source>
        <translation>Probabilidade média de reidentificação no pior subconjunto de quase-identificadores</translation>
    </message>
    <message>
        <source>Rise over the prior of the records whose sensitive value is inferred with certainty (worst subset)</source>
        <translation>Aumento, em relação ao valor a priori, dos registros cujo valor sensível é inferido com certeza (pior subconjunto)</translation>
    </message>
    <message>
        <source>Records released (after record suppression and sampling)</source>
        <translation>Registros liberados (após a supressão de registros e a amostragem)</translation>
    </message>
    <message>
        <source>Values blanked by local suppression</source>
        <translation>Valores suprimidos pela supressão local</translation>
    </message>
    <message>
        <source>Share of the QIDs&apos; non-uniform entropy lost (a dropped column counts as every value suppressed)</source>
        <translation>Proporção da entropia não uniforme dos quase-identificadores perdida (uma coluna removida conta como todos os valores suprimidos)</translation>
    </message>
    <message>
        <source>linked to themselves</source>
        <translation>ligados a si mesmos</translation>
    </message>
    <message>
        <source>Record linkage on the numeric keys: records whose nearest released record (standardised distance, within their block of the other QIDs) is their own</source>
        <translation>Ligação de registros nas chaves numéricas: registros cujo registro divulgado mais próximo (distância padronizada, dentro do seu bloco dos outros QIs) é o próprio</translation>
    </message>
    <message>
        <source>within the interval</source>
        <translation>dentro do intervalo</translation>
    </message>
    <message>
        <source>Interval disclosure (sdcMicro&apos;s dRisk): records whose original values all lie within the radius times the standard deviation of their released values</source>
        <translation>Divulgação por intervalo (dRisk do sdcMicro): registros cujos valores originais estão todos a até o raio vezes o desvio padrão dos seus valores divulgados</translation>
    </message>
    <message>
        <source>outliers linked</source>
        <translation>atípicos ligados</translation>
    </message>
    <message>
        <source>Outliers of the original on the numeric keys (robust Mahalanobis distance) still linked to themselves, of those in the file</source>
        <translation>Valores atípicos do original nas chaves numéricas (distância de Mahalanobis robusta) ainda ligados a si mesmos, dos que há no arquivo</translation>
    </message>
    <message>
        <source>IL1s per value</source>
        <translation>IL1s por valor</translation>
    </message>
    <message>
        <source>Information lost on the numeric keys: IL1s (sdcMicro&apos;s dUtility) over the number of values</source>
        <translation>Informação perdida nas chaves numéricas: IL1s (dUtility do sdcMicro) dividido pelo número de valores</translation>
    </message>
    <message>
        <source>PRAM: true matches</source>
        <translation>PRAM: correspondências verdadeiras</translation>
    </message>
    <message>
        <source>After PRAM, the share of the records unique on the released QIDs whose match is the true record</source>
        <translation>Após o PRAM, a proporção dos registros únicos nos QIs divulgados cuja correspondência é o registro verdadeiro</translation>
    </message>
    <message>
        <source>left out · 100%</source>
        <translation>removida · 100%</translation>
    </message>
    <message>
        <source>suppressed (level {0})</source>
        <translation>suprimida (nível {0})</translation>
    </message>
    <message>
        <source>level {0}</source>
        <translation>nível {0}</translation>
    </message>
    <message>
        <source>{0} blanked</source>
        <translation>{0} suprimidos</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation>{0} de {1}</translation>
    </message>
    <message>
        <source>{0} of the records are the only released record of their block of categorical quasi-identifiers: the attacker compares only records that agree on those, so these are linked to themselves whatever is done to the numeric keys.</source>
        <translation>{0} dos registros são o único registro divulgado do seu bloco de quase-identificadores categóricos: o atacante compara apenas registros que coincidem nesses, então estes são ligados a si mesmos qualquer que seja a alteração das chaves numéricas.</translation>
    </message>
    <message>
        <source>unique in the sample</source>
        <translation>únicos na amostra</translation>
    </message>
    <message>
        <source>Records unique in the sample on the worst QID subset (not necessarily unique in the population)</source>
        <translation>Registros únicos na amostra no pior subconjunto de QIs (não necessariamente únicos na população)</translation>
    </message>
    <message>
        <source>mean 1/block in the sample</source>
        <translation>média de 1/bloco na amostra</translation>
    </message>
    <message>
        <source>Mean of 1 / (records of the sample sharing the worst QID subset&apos;s values): the re-identification probability if the sample were the whole population, not judged for a sample</source>
        <translation>Média de 1 / (registros da amostra que compartilham os valores do pior subconjunto de QIs): a probabilidade de reidentificação se a amostra fosse a população inteira, não julgada para uma amostra</translation>
    </message>
    <message>
        <source>expected re-id.</source>
        <translation>reid. esperadas</translation>
    </message>
    <message>
        <source>{0}: lost</source>
        <translation>{0}: perda</translation>
    </message>
    <message>
        <source>original (no change)</source>
        <translation>original (sem alteração)</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>pronto</translation>
    </message>
    <message>
        <source>Records unique on the worst QID subset (re-identified when the file is the population)</source>
        <translation>Registros únicos no pior subconjunto de QIs (reidentificados quando o arquivo é a população)</translation>
    </message>
    <message>
        <source>not ready</source>
        <translation>não pronto</translation>
    </message>
    <message>
        <source>Expected re-identifications on the worst key, as a share of the records (estimated from the sampling weight or fraction; for a population file, its mean re-identification probability)</source>
        <translation>Reidentificações esperadas na pior chave, como parcela dos registros (estimadas pelo peso ou pela fração amostral; para um arquivo de população, sua probabilidade média de reidentificação)</translation>
    </message>
    <message>
        <source> ★ recommended</source>
        <translation> ★ recomendado</translation>
    </message>
    <message>
        <source>No scenario results yet: build scenarios, then press Run the scenarios.</source>
        <translation>Ainda não há resultados de cenários: monte cenários e pressione Executar os cenários.</translation>
    </message>
    <message>
        <source>original file</source>
        <translation>arquivo original</translation>
    </message>
    <message>
        <source>{0}
linked {1} · IL1s {2}</source>
        <translation>{0}
ligados {1} · IL1s {2}</translation>
    </message>
    <message>
        <source>{0}
risk {1} · lost {2}</source>
        <translation>{0}
risco {1} · perda {2}</translation>
    </message>
</context>
<context>
    <name>scenarios.perturb_box</name>
    <message>
        <source>Each value is replaced by the mean of a group of at least k records close on the chosen columns (multivariate MDAV, as sdcMicro&apos;s microaggregation).</source>
        <translation>Cada valor é substituído pela média de um grupo de pelo menos k registros próximos nas colunas escolhidas (MDAV multivariado, como a microaggregation do sdcMicro).</translation>
    </message>
    <message>
        <source>Random noise is added: its standard deviation is the percentage of each column&apos;s; correlated noise has the columns&apos; covariance, so their correlations are kept (as sdcMicro&apos;s addNoise).</source>
        <translation>Soma-se ruído aleatório: seu desvio padrão é a porcentagem do de cada coluna; o ruído correlacionado tem a covariância das colunas, de modo que suas correlações se mantêm (como o addNoise do sdcMicro).</translation>
    </message>
    <message>
        <source>Values are swapped between records whose ranks differ by at most the percentage of the records.</source>
        <translation>Os valores são trocados entre registros cujas posições diferem no máximo pela porcentagem dos registros.</translation>
    </message>
    <message>
        <source>Categories are changed at random (invariant PRAM, as sdcMicro&apos;s pram): each kept with probability at least pd, mixed with the identity by alpha; the expected count of each category stays the same.</source>
        <translation>As categorias são trocadas ao acaso (PRAM invariante, como o pram do sdcMicro): cada uma mantida com probabilidade de pelo menos pd, misturada com a identidade por alpha; a contagem esperada de cada categoria não muda.</translation>
    </message>
    <message>
        <source>Values are rounded to the nearest multiple of the base.</source>
        <translation>Os valores são arredondados para o múltiplo mais próximo da base.</translation>
    </message>
    <message>
        <source>before</source>
        <translation>antes</translation>
    </message>
    <message>
        <source>after</source>
        <translation>depois</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(ausente)</translation>
    </message>
    <message>
        <source>(others)</source>
        <translation>(outras)</translation>
    </message>
    <message>
        <source>records</source>
        <translation>registros</translation>
    </message>
    <message>
        <source>Tick the columns the step changes.</source>
        <translation>Marque as colunas que o passo altera.</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Colunas</translation>
    </message>
    <message>
        <source>MDAV (maximum distance to average vector)</source>
        <translation>MDAV (distância máxima ao vetor médio)</translation>
    </message>
    <message>
        <source>Multiples of</source>
        <translation>Múltiplos de</translation>
    </message>
    <message>
        <source> % of the sd</source>
        <translation> % do desvio padrão</translation>
    </message>
    <message>
        <source>correlated (two or more columns)</source>
        <translation>correlacionado (duas ou mais colunas)</translation>
    </message>
    <message>
        <source> % of the ranks</source>
        <translation> % das posições</translation>
    </message>
    <message>
        <source>Lowest probability that a category is kept (each category&apos;s is drawn between pd and 1).</source>
        <translation>Menor probabilidade de que uma categoria seja mantida (a de cada categoria é sorteada entre pd e 1).</translation>
    </message>
    <message>
        <source>Weight of the change: 0 keeps every value, 1 uses the drawn matrix as is.</source>
        <translation>Peso da troca: 0 mantém todos os valores, 1 usa a matriz sorteada como está.</translation>
    </message>
    <message>
        <source>The same seed gives the same released values.</source>
        <translation>A mesma semente dá os mesmos valores divulgados.</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <source>Noise</source>
        <translation>Ruído</translation>
    </message>
    <message>
        <source>Swap within</source>
        <translation>Trocar dentro de</translation>
    </message>
    <message>
        <source>Kept at least (pd)</source>
        <translation>Mantida ao menos (pd)</translation>
    </message>
    <message>
        <source>Mixed by (alpha)</source>
        <translation>Misturada por (alpha)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Semente</translation>
    </message>
    <message>
        <source>Preview of</source>
        <translation>Prévia de</translation>
    </message>
    <message>
        <source>the new step</source>
        <translation>o novo passo</translation>
    </message>
    <message>
        <source>Choose quasi-identifiers on the Data page first.</source>
        <translation>Escolha antes os quase-identificadores na página Dados.</translation>
    </message>
    <message>
        <source>Give numeric columns the role Numeric QID on the Data page first.</source>
        <translation>Dê antes a colunas numéricas o papel QID numérico na página Dados.</translation>
    </message>
    <message>
        <source>Tick at least one column.</source>
        <translation>Marque pelo menos uma coluna.</translation>
    </message>
    <message>
        <source>Open a data file first.</source>
        <translation>Abra antes um arquivo de dados.</translation>
    </message>
    <message>
        <source>{0}: not in the loaded data</source>
        <translation>{0}: não está nos dados carregados</translation>
    </message>
    <message>
        <source>Previewing... (the first preview of a method prepares it, which can take some seconds)</source>
        <translation>Pré-visualizando... (a primeira prévia de um método o prepara, o que pode levar alguns segundos)</translation>
    </message>
    <message>
        <source>Cannot preview: {0}</source>
        <translation>Não é possível pré-visualizar: {0}</translation>
    </message>
    <message>
        <source>On a random sample of {0} of the {1} records: {2} values changed. The run applies the step to every record.</source>
        <translation>Numa amostra aleatória de {0} dos {1} registros: {2} valores alterados. A execução aplica o passo a todos os registros.</translation>
    </message>
    <message>
        <source>On all {0} records: {1} values changed.</source>
        <translation>Em todos os {0} registros: {1} valores alterados.</translation>
    </message>
</context>
<context>
    <name>scenarios.step_form</name>
    <message>
        <source>Drop a column</source>
        <translation>Remover uma coluna</translation>
    </message>
    <message>
        <source>Recode a column</source>
        <translation>Recodificar uma coluna</translation>
    </message>
    <message>
        <source>Local suppression</source>
        <translation>Supressão local</translation>
    </message>
    <message>
        <source>Record suppression</source>
        <translation>Supressão de registros</translation>
    </message>
    <message>
        <source>Sample the records</source>
        <translation>Amostrar os registros</translation>
    </message>
    <message>
        <source>Microaggregate numeric columns (MDAV)</source>
        <translation>Microagregar colunas numéricas (MDAV)</translation>
    </message>
    <message>
        <source>Add noise to numeric columns</source>
        <translation>Somar ruído a colunas numéricas</translation>
    </message>
    <message>
        <source>Swap ranks of numeric columns</source>
        <translation>Trocar posições de colunas numéricas</translation>
    </message>
    <message>
        <source>Round numeric columns</source>
        <translation>Arredondar colunas numéricas</translation>
    </message>
    <message>
        <source>PRAM categorical columns</source>
        <translation>PRAM em colunas categóricas</translation>
    </message>
    <message>
        <source>a hierarchy file (ARX CSV)</source>
        <translation>um arquivo de hierarquia (CSV do ARX)</translation>
    </message>
    <message>
        <source>intervals of a width</source>
        <translation>intervalos de uma largura</translation>
    </message>
    <message>
        <source>bands between cut points</source>
        <translation>faixas entre pontos de corte</translation>
    </message>
    <message>
        <source>top and bottom coding</source>
        <translation>codificação de topo e de base</translation>
    </message>
    <message>
        <source>dates to month, year or age bands</source>
        <translation>datas para mês, ano ou faixas de idade</translation>
    </message>
    <message>
        <source>merged categories</source>
        <translation>categorias agrupadas</translation>
    </message>
    <message>
        <source>An ARX hierarchy file: one line per original value, then its generalisations level by level, separated by &apos;;&apos;.</source>
        <translation>Um arquivo de hierarquia do ARX: uma linha por valor original, seguida das suas generalizações nível a nível, separadas por &apos;;&apos;.</translation>
    </message>
    <message>
        <source>One width per level, each a multiple of the previous: 5, 10 puts level 1 in intervals of 5 and level 2 in intervals of 10.</source>
        <translation>Uma largura por nível, cada uma múltipla da anterior: 5, 10 põe o nível 1 em intervalos de 5 e o nível 2 em intervalos de 10.</translation>
    </message>
    <message>
        <source>The cut points of each level, levels separated by &apos;|&apos;: 18, 40, 65 | 40.</source>
        <translation>Os pontos de corte de cada nível, com os níveis separados por &apos;|&apos;: 18, 40, 65 | 40.</translation>
    </message>
    <message>
        <source>Values below or above are grouped into one category (empty: that side is kept).</source>
        <translation>Os valores abaixo ou acima são agrupados em uma só categoria (vazio: esse lado é mantido).</translation>
    </message>
    <message>
        <source>One step per level: month, year, or age:WIDTH@YYYY-MM-DD (age on that day in bands of WIDTH years).</source>
        <translation>Um passo por nível: month (mês), year (ano) ou age:LARGURA@AAAA-MM-DD (idade nesse dia, em faixas de LARGURA anos).</translation>
    </message>
    <message>
        <source>Level 1 merges the listed values into each group; level 2 is one category for all.</source>
        <translation>O nível 1 agrupa os valores listados em cada grupo; o nível 2 é uma só categoria para todos.</translation>
    </message>
    <message>
        <source>{0}: {1!r} is not a list of numbers separated by commas</source>
        <translation>{0}: {1!r} não é uma lista de números separados por vírgulas ou ponto e vírgula</translation>
    </message>
    <message>
        <source>{0}: give at least one number</source>
        <translation>{0}: informe pelo menos um número</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>Coluna</translation>
    </message>
    <message>
        <source>Categories from</source>
        <translation>Categorias a partir de</translation>
    </message>
    <message>
        <source>hierarchy file: one line per value, its generalisations separated by &apos;;&apos;</source>
        <translation>arquivo de hierarquia: uma linha por valor, com as generalizações separadas por &apos;;&apos;</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Procurar...</translation>
    </message>
    <message>
        <source>Build hierarchy...</source>
        <translation>Construir hierarquia...</translation>
    </message>
    <message>
        <source>The hierarchy wizard: every level of a hierarchy for the column, previewed, saved as an ARX file.</source>
        <translation>O assistente de hierarquias: todos os níveis de uma hierarquia para a coluna, com prévia, salvos como arquivo do ARX.</translation>
    </message>
    <message>
        <source>One width per level, e.g. 5, 10: level 1 in intervals of 5, level 2 of 10.</source>
        <translation>Uma largura por nível, p. ex. 5, 10: nível 1 em intervalos de 5, nível 2 de 10.</translation>
    </message>
    <message>
        <source>Cut points of each level, levels separated by &apos;|&apos;: 18, 40, 65 | 40</source>
        <translation>Pontos de corte de cada nível, com os níveis separados por &apos;|&apos;: 18, 40, 65 | 40</translation>
    </message>
    <message>
        <source>empty: no bottom coding</source>
        <translation>vazio: sem codificação de base</translation>
    </message>
    <message>
        <source>empty: no top coding</source>
        <translation>vazio: sem codificação de topo</translation>
    </message>
    <message>
        <source>the values are quantiles (0 to 1), not values of the column</source>
        <translation>os valores são quantis (de 0 a 1), não valores da coluna</translation>
    </message>
    <message>
        <source>Group values below</source>
        <translation>Agrupar os valores abaixo de</translation>
    </message>
    <message>
        <source>Group values above</source>
        <translation>Agrupar os valores acima de</translation>
    </message>
    <message>
        <source>Steps, one per level: month, year, or age bands age:WIDTH@YYYY-MM-DD (age in whole years on that day, in bands of WIDTH years).</source>
        <translation>Passos, um por nível: month (mês), year (ano) ou faixas de idade age:LARGURA@AAAA-MM-DD (idade em anos completos nesse dia, em faixas de LARGURA anos).</translation>
    </message>
    <message>
        <source>one group a line: new name = value, value, ...</source>
        <translation>um grupo por linha: novo nome = valor, valor, ...</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parâmetros</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Nível</translation>
    </message>
    <message>
        <source>category</source>
        <translation>categoria</translation>
    </message>
    <message>
        <source>records</source>
        <translation>registros</translation>
    </message>
    <message>
        <source>A hierarchy file</source>
        <translation>Um arquivo de hierarquia</translation>
    </message>
    <message>
        <source>recode: choose a hierarchy file</source>
        <translation>recodificação: escolha um arquivo de hierarquia</translation>
    </message>
    <message>
        <source>interval widths</source>
        <translation>larguras dos intervalos</translation>
    </message>
    <message>
        <source>cut points</source>
        <translation>pontos de corte</translation>
    </message>
    <message>
        <source>top and bottom coding: give a value to group below, above, or both</source>
        <translation>codificação de topo e de base: informe um valor para agrupar abaixo, acima ou ambos</translation>
    </message>
    <message>
        <source>merged categories, line {0}: write new name = value, value, ...</source>
        <translation>categorias agrupadas, linha {0}: escreva novo nome = valor, valor, ...</translation>
    </message>
    <message>
        <source>merged categories: give at least one group (new name = value, value)</source>
        <translation>categorias agrupadas: informe pelo menos um grupo (novo nome = valor, valor)</translation>
    </message>
    <message>
        <source>Choose a quasi-identifier on the Data page first.</source>
        <translation>Escolha primeiro um quase-identificador na página Dados.</translation>
    </message>
    <message>
        <source>Cannot preview: {0}</source>
        <translation>Não é possível pré-visualizar: {0}</translation>
    </message>
    <message>
        <source> The {0} commonest are listed.</source>
        <translation> As {0} mais comuns estão listadas.</translation>
    </message>
    <message>
        <source>{name} at level {level} of {top}: {categories} categories (was {before}); the smallest holds {smallest}.{more}</source>
        <translation>{name} no nível {level} de {top}: {categories} categorias (eram {before}); a menor contém {smallest}.{more}</translation>
    </message>
    <message>
        <source>{0} record</source>
        <translation>{0} registro</translation>
    </message>
    <message>
        <source>{0} records</source>
        <translation>{0} registros</translation>
    </message>
    <message>
        <source>{0}: no records</source>
        <translation>{0}: nenhum registro</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(ausente)</translation>
    </message>
    <message>
        <source>Add a step</source>
        <translation>Adicionar um passo</translation>
    </message>
    <message>
        <source>The column is left out of the released file.</source>
        <translation>A coluna fica fora do arquivo liberado.</translation>
    </message>
    <message>
        <source>Drag to reorder: the columns at the top are blanked last.</source>
        <translation>Arraste para reordenar: as colunas do topo são suprimidas por último.</translation>
    </message>
    <message>
        <source>Importance
(most important first;
drag to reorder)</source>
        <translation>Importância
(a mais importante primeiro;
arraste para reordenar)</translation>
    </message>
    <message>
        <source>In records shared by fewer than k records, the least important value is blanked, then the groups are counted again.</source>
        <translation>Nos registros compartilhados por menos de k registros, o valor menos importante é suprimido e os grupos são contados novamente.</translation>
    </message>
    <message>
        <source>At most</source>
        <translation>No máximo</translation>
    </message>
    <message>
        <source>Records of groups smaller than k are removed, smallest groups first.</source>
        <translation>Os registros de grupos menores que k são removidos, começando pelos menores grupos.</translation>
    </message>
    <message>
        <source> % of the records</source>
        <translation> % dos registros</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Manter</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Semente</translation>
    </message>
    <message>
        <source>Add the step to the scenario</source>
        <translation>Adicionar o passo ao cenário</translation>
    </message>
    <message>
        <source>Replace the selected step</source>
        <translation>Substituir o passo selecionado</translation>
    </message>
    <message>
        <source>Put this step in place of the step selected in the list (Edit &gt; Undo undoes it).</source>
        <translation>Põe este passo no lugar do passo selecionado na lista (Editar &gt; Desfazer o desfaz).</translation>
    </message>
    <message>
        <source>the new step</source>
        <translation>o novo passo</translation>
    </message>
</context>
<context>
    <name>scenarios.suggest_panel</name>
    <message>
        <source>non-uniform entropy (ARX)</source>
        <translation>entropia não uniforme (ARX)</translation>
    </message>
    <message>
        <source>generalisation height (sum of levels)</source>
        <translation>altura da generalização (soma dos níveis)</translation>
    </message>
    <message>
        <source>discernibility</source>
        <translation>discernibilidade</translation>
    </message>
    <message>
        <source>{0} record</source>
        <translation>{0} registro</translation>
    </message>
    <message>
        <source>{0} records</source>
        <translation>{0} registros</translation>
    </message>
    <message>
        <source>none (kept as it is)</source>
        <translation>nenhuma (mantido como está)</translation>
    </message>
    <message>
        <source>no combination of levels meets the target: nothing to turn into a scenario</source>
        <translation>nenhuma combinação de níveis atinge a meta: nada a transformar em cenário</translation>
    </message>
    <message>
        <source>&lt;br&gt;At full generalisation k = {0} is met with {1} suppressed: the analysis thresholds are what no combination meets.</source>
        <translation>&lt;br&gt;Com a generalização máxima, k = {0} é atingido suprimindo {1}: são os limites da análise que nenhuma combinação atende.</translation>
    </message>
    <message>
        <source>&lt;br&gt;At full generalisation of the given hierarchies the smallest group holds {0}, so k = {1} is reachable without suppression; k = {2} would need {3} suppressed ({4}%). Within the suppression limit ({5}) the largest reachable k is {6}. Coarser hierarchies, more suppression or a smaller k would make a suggestion.</source>
        <translation>&lt;br&gt;Com a generalização máxima das hierarquias dadas, o menor grupo tem {0}, então k = {1} é atingível sem supressão; k = {2} exigiria suprimir {3} ({4}%). Dentro do limite de supressão ({5}), o maior k atingível é {6}. Hierarquias mais grossas, mais supressão ou um k menor permitiriam uma sugestão.</translation>
    </message>
    <message>
        <source>The suggestion blanks every QID of the {0} in groups smaller than k = {1}; the scenario removes these records instead (record suppression, at most {2}%), so that the attacks do not treat the blanked records as one group.</source>
        <translation>A sugestão suprime todos os quase-identificadores de {0} em grupos menores que k = {1}; o cenário remove esses registros em vez disso (supressão de registros, no máximo {2}%), para que os ataques não tratem os registros suprimidos como um único grupo.</translation>
    </message>
    <message>
        <source>No record needs suppressing at these levels: the scenario only recodes.</source>
        <translation>Nenhum registro precisa ser suprimido nestes níveis: o cenário apenas recodifica.</translation>
    </message>
    <message>
        <source>What to search</source>
        <translation>O que buscar</translation>
    </message>
    <message>
        <source>quasi-identifier</source>
        <translation>quase-identificador</translation>
    </message>
    <message>
        <source>hierarchy</source>
        <translation>hierarquia</translation>
    </message>
    <message>
        <source>Hierarchy file...</source>
        <translation>Arquivo de hierarquia...</translation>
    </message>
    <message>
        <source>An ARX hierarchy file for the selected quasi-identifier.</source>
        <translation>Um arquivo de hierarquia do ARX para o quase-identificador selecionado.</translation>
    </message>
    <message>
        <source>Use the recode being built</source>
        <translation>Usar a recodificação em construção</translation>
    </message>
    <message>
        <source>The hierarchy of the recode on the Build tab, for its column.</source>
        <translation>A hierarquia da recodificação da aba Montar, para a sua coluna.</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Nenhuma</translation>
    </message>
    <message>
        <source>Build hierarchy...</source>
        <translation>Construir hierarquia...</translation>
    </message>
    <message>
        <source>The hierarchy wizard: every level of a hierarchy for the selected quasi-identifier, previewed, saved as an ARX file.</source>
        <translation>O assistente de hierarquias: todos os níveis de uma hierarquia para o quase-identificador selecionado, com prévia, salvos como arquivo do ARX.</translation>
    </message>
    <message>
        <source>Make hierarchies for all QIDs</source>
        <translation>Criar hierarquias para todos os QIDs</translation>
    </message>
    <message>
        <source>Write each quasi-identifier&apos;s template hierarchy (ages, dates, codes by prefix, ...) into a folder and use them here.</source>
        <translation>Gravar a hierarquia-modelo de cada quase-identificador (idades, datas, códigos por prefixo, ...) numa pasta e usá-las aqui.</translation>
    </message>
    <message>
        <source> % of the records</source>
        <translation> % dos registros</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>sem limite</translation>
    </message>
    <message>
        <source>Also meet the analysis thresholds</source>
        <translation>Cumprir também os limites da análise</translation>
    </message>
    <message>
        <source>The suggestion must also keep the risks within these limits, filled in from the analysis&apos;s thresholds (those its verdict uses). Every combination is then evaluated.</source>
        <translation>A sugestão também deve manter os riscos dentro destes limites, preenchidos com os limites da análise (os que o seu veredito usa). Então toda combinação é avaliada.</translation>
    </message>
    <message>
        <source>k (smallest group)</source>
        <translation>k (menor grupo)</translation>
    </message>
    <message>
        <source>Suppress at most</source>
        <translation>Suprimir no máximo</translation>
    </message>
    <message>
        <source>Unique records at most</source>
        <translation>Registros únicos no máximo</translation>
    </message>
    <message>
        <source>Mean re-identification probability at most</source>
        <translation>Probabilidade média de reidentificação no máximo</translation>
    </message>
    <message>
        <source>Certain inference above the prior at most</source>
        <translation>Inferência certa acima da priori no máximo</translation>
    </message>
    <message>
        <source>Loss to minimise</source>
        <translation>Perda a minimizar</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Limite de tempo</translation>
    </message>
    <message>
        <source>Suggest</source>
        <translation>Sugerir</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>Sugestão</translation>
    </message>
    <message>
        <source>No suggestion yet: give a hierarchy to at least one quasi-identifier, then press Suggest.</source>
        <translation>Ainda não há sugestão: dê uma hierarquia a pelo menos um quase-identificador e pressione Sugerir.</translation>
    </message>
    <message>
        <source>Runners-up</source>
        <translation>Próximas melhores</translation>
    </message>
    <message>
        <source>Make a scenario of the suggestion</source>
        <translation>Criar um cenário a partir da sugestão</translation>
    </message>
    <message>
        <source>A hierarchy file for {0}</source>
        <translation>Um arquivo de hierarquia para {0}</translation>
    </message>
    <message>
        <source>give a hierarchy to at least one quasi-identifier</source>
        <translation>dê uma hierarquia a pelo menos um quase-identificador</translation>
    </message>
    <message>
        <source>As a scenario: </source>
        <translation>Como cenário: </translation>
    </message>
    <message>
        <source>{0} of {1} combinations evaluated in {2} s</source>
        <translation>{0} de {1} combinações avaliadas em {2} s</translation>
    </message>
    <message>
        <source>&lt;b&gt;The time limit stopped the search before a combination of levels meeting k = {0} with at most {1}% of the records suppressed was found&lt;/b&gt; ({2}); more time may find one.</source>
        <translation>&lt;b&gt;O limite de tempo parou a busca antes de encontrar uma combinação de níveis que atenda k = {0} com no máximo {1}% dos registros suprimidos&lt;/b&gt; ({2}); com mais tempo, ela pode ser encontrada.</translation>
    </message>
    <message>
        <source>&lt;b&gt;No combination of levels meets k = {0} with at most {1}% of the records suppressed&lt;/b&gt; ({2}).</source>
        <translation>&lt;b&gt;Nenhuma combinação de níveis atinge k = {0} com no máximo {1}% dos registros suprimidos&lt;/b&gt; ({2}).</translation>
    </message>
    <message>
        <source>&lt;b&gt;optimal&lt;/b&gt;: every combination was decided</source>
        <translation>&lt;b&gt;ótima&lt;/b&gt;: todas as combinações foram decididas</translation>
    </message>
    <message>
        <source>&lt;b&gt;not proved optimal&lt;/b&gt;: the time limit stopped the search</source>
        <translation>&lt;b&gt;otimalidade não provada&lt;/b&gt;: o limite de tempo interrompeu a busca</translation>
    </message>
    <message>
        <source>&lt;b&gt;Best levels:&lt;/b&gt; {0}&lt;br&gt;{1}; {2} of {3} records suppressed; {4} {5} ({6}).</source>
        <translation>&lt;b&gt;Melhores níveis:&lt;/b&gt; {0}&lt;br&gt;{1}; {2} de {3} registros suprimidos; {4} {5} ({6}).</translation>
    </message>
    <message>
        <source>records suppressed</source>
        <translation>registros suprimidos</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>perda</translation>
    </message>
</context>
<context>
    <name>scenarios_page</name>
    <message>
        <source>Run every attack of the analysis on each scenario&apos;s transformed copy of the data.</source>
        <translation>Executar todos os ataques da análise sobre a cópia transformada dos dados de cada cenário.</translation>
    </message>
    <message>
        <source>The attacks are running: wait for them to finish or cancel them, then run the scenarios.</source>
        <translation>Os ataques estão em execução: aguarde o término ou cancele-os e depois execute os cenários.</translation>
    </message>
    <message>
        <source>CSV file (*.csv);;Parquet file (*.parquet)</source>
        <translation>Arquivo CSV (*.csv);;Arquivo Parquet (*.parquet)</translation>
    </message>
    <message>
        <source>Run the scenarios or the attacks first.</source>
        <translation>Execute primeiro os cenários ou os ataques.</translation>
    </message>
    <message>
        <source>no data loaded: open a data file first</source>
        <translation>nenhum dado carregado: abra primeiro um arquivo de dados</translation>
    </message>
    <message>
        <source>Scenarios: what would make it ready</source>
        <translation>Cenários: o que deixaria o arquivo pronto</translation>
    </message>
    <message>
        <source>Run the scenarios</source>
        <translation>Executar os cenários</translation>
    </message>
    <message>
        <source>Export PDF...</source>
        <translation>Exportar PDF...</translation>
    </message>
    <message>
        <source>The risk report with the scenarios (Ctrl+E).</source>
        <translation>O relatório de risco com os cenários (Ctrl+E).</translation>
    </message>
    <message>
        <source>Export CSV+JSON...</source>
        <translation>Exportar CSV+JSON...</translation>
    </message>
    <message>
        <source>results.json, the CSV tables and the analysis, into a folder (Ctrl+Shift+E).</source>
        <translation>results.json, as tabelas CSV e a análise, em uma pasta (Ctrl+Shift+E).</translation>
    </message>
    <message>
        <source>Transform a copy of the loaded data (the file is never changed), run the same attacks on it and see the price in lost information. Scenarios are saved with the analysis (File &gt; Save analysis).</source>
        <translation>Transforme uma cópia dos dados carregados (o arquivo nunca é alterado), execute os mesmos ataques sobre ela e veja o custo em informação perdida. Os cenários são salvos com a análise (Arquivo &gt; Salvar análise).</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Montar</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <source>Suggest</source>
        <translation>Sugerir</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>Cenários</translation>
    </message>
    <message>
        <source>New...</source>
        <translation>Novo...</translation>
    </message>
    <message>
        <source>Rename...</source>
        <translation>Renomear...</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplicar</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Descer</translation>
    </message>
    <message>
        <source>Steps, in order</source>
        <translation>Passos, em ordem</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Show the selected step in the form: change it, then press Replace the selected step.</source>
        <translation>Mostra o passo selecionado no formulário: altere-o e pressione Substituir o passo selecionado.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Cross-tabulations whose distortion is reported (optional):</source>
        <translation>Tabulações cruzadas cuja distorção é informada (opcional):</translation>
    </message>
    <message>
        <source>e.g. sex x birth_year; race x school</source>
        <translation>p. ex. sex x birth_year; race x school</translation>
    </message>
    <message>
        <source>Tables of two or more columns joined by &apos;x&apos;, separated by &apos;;&apos;: the report gives their total variation distance from the original.</source>
        <translation>Tabelas de duas ou mais colunas unidas por &apos;x&apos;, separadas por &apos;;&apos;: o relatório informa a distância de variação total em relação ao original.</translation>
    </message>
    <message>
        <source>Recommend the selected scenario</source>
        <translation>Recomendar o cenário selecionado</translation>
    </message>
    <message>
        <source>Marks it as the recommended scenario (saved with the analysis, shown first in the report).</source>
        <translation>Marca-o como o cenário recomendado (salvo com a análise, mostrado primeiro no relatório).</translation>
    </message>
    <message>
        <source>Clear the choice</source>
        <translation>Limpar a escolha</translation>
    </message>
    <message>
        <source>Export its transformed data...</source>
        <translation>Exportar os seus dados transformados...</translation>
    </message>
    <message>
        <source>Write the selected scenario&apos;s data to a file (only when you ask); the file and the SHA-256 of the source are recorded in the analysis and the report.</source>
        <translation>Gravar os dados do cenário selecionado em um arquivo (somente quando solicitado); o arquivo e o SHA-256 da origem são registrados na análise e no relatório.</translation>
    </message>
    <message>
        <source>The step is not complete</source>
        <translation>O passo não está completo</translation>
    </message>
    <message>
        <source>The analysis changed since the scenarios were run (roles, attacks or options): press Run the scenarios to update this comparison.</source>
        <translation>A análise mudou desde que os cenários foram executados (papéis, ataques ou opções): pressione Executar os cenários para atualizar esta comparação.</translation>
    </message>
    <message>
        <source>{0} hierarchy file</source>
        <translation>{0} arquivo de hierarquia</translation>
    </message>
    <message>
        <source>{0} hierarchy files</source>
        <translation>{0} arquivos de hierarquia</translation>
    </message>
    <message>
        <source>Made {0} in {1}.</source>
        <translation>Hierarquias gravadas em {1}: {0}.</translation>
    </message>
    <message>
        <source>Cannot suggest</source>
        <translation>Não é possível sugerir</translation>
    </message>
    <message>
        <source>No scenario results yet.</source>
        <translation>Ainda não há resultados de cenários.</translation>
    </message>
    <message>
        <source>Press Run the scenarios to compare them.</source>
        <translation>Pressione Executar os cenários para compará-los.</translation>
    </message>
    <message>
        <source>&lt;b&gt;No scenario is recommended&lt;/b&gt;: {0}.</source>
        <translation>&lt;b&gt;Nenhum cenário é recomendado&lt;/b&gt;: {0}.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Recommended: {0}&lt;/b&gt; ({1}).</source>
        <translation>&lt;b&gt;Recomendado: {0}&lt;/b&gt; ({1}).</translation>
    </message>
    <message>
        <source>Original file</source>
        <translation>Arquivo original</translation>
    </message>
    <message>
        <source>Scenario {0}</source>
        <translation>Cenário {0}</translation>
    </message>
    <message>
        <source>{0}: </source>
        <translation>{0}: </translation>
    </message>
    <message>
        <source>The scenarios changed since they were run: press Run the scenarios to update this comparison.</source>
        <translation>Os cenários mudaram desde a execução: pressione Executar os cenários para atualizar esta comparação.</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>Novo cenário</translation>
    </message>
    <message>
        <source>Name of the scenario:</source>
        <translation>Nome do cenário:</translation>
    </message>
    <message>
        <source>scenario {0}</source>
        <translation>cenário {0}</translation>
    </message>
    <message>
        <source>Rename the scenario</source>
        <translation>Renomear o cenário</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>Novo nome:</translation>
    </message>
    <message>
        <source>{0} (copy)</source>
        <translation>{0} (cópia)</translation>
    </message>
    <message>
        <source>Create a scenario first (New...).</source>
        <translation>Crie primeiro um cenário (Novo...).</translation>
    </message>
    <message>
        <source>Unknown column in a cross-tabulation</source>
        <translation>Coluna desconhecida em uma tabulação cruzada</translation>
    </message>
    <message>
        <source>{0!r} is not a quasi-identifier or sensitive column of the analysis</source>
        <translation>{0!r} não é uma coluna quase-identificadora nem sensível da análise</translation>
    </message>
    <message>
        <source>scenario 1</source>
        <translation>cenário 1</translation>
    </message>
    <message>
        <source>Build a scenario first (New..., then add steps).</source>
        <translation>Monte primeiro um cenário (Novo... e depois adicione passos).</translation>
    </message>
    <message>
        <source>The scenarios cannot run yet</source>
        <translation>Os cenários ainda não podem ser executados</translation>
    </message>
    <message>
        <source>Running the scenarios</source>
        <translation>Executando os cenários</translation>
    </message>
    <message>
        <source>The scenarios could not run</source>
        <translation>Não foi possível executar os cenários</translation>
    </message>
    <message>
        <source>The suggestion could not be made</source>
        <translation>Não foi possível fazer a sugestão</translation>
    </message>
    <message>
        <source>Search cancelled: no suggestion.</source>
        <translation>Busca cancelada: nenhuma sugestão.</translation>
    </message>
    <message>
        <source>Run cancelled: the comparison shows the last finished run.</source>
        <translation>Execução cancelada: a comparação mostra a última execução concluída.</translation>
    </message>
    <message>
        <source>Export cancelled: nothing written.</source>
        <translation>Exportação cancelada: nada foi gravado.</translation>
    </message>
    <message>
        <source>Choose a scenario</source>
        <translation>Escolha um cenário</translation>
    </message>
    <message>
        <source>Select a scenario&apos;s row in the table first.</source>
        <translation>Selecione primeiro a linha de um cenário na tabela.</translation>
    </message>
    <message>
        <source>Export the data of {0}</source>
        <translation>Exportar os dados de {0}</translation>
    </message>
    <message>
        <source>Cannot export the data</source>
        <translation>Não é possível exportar os dados</translation>
    </message>
    <message>
        <source>Writing the data of {0} to {1}...</source>
        <translation>Gravando os dados de {0} em {1}...</translation>
    </message>
    <message>
        <source>Writing the transformed data</source>
        <translation>Gravando os dados transformados</translation>
    </message>
    <message>
        <source>Wrote the data of {0} to {1} (direct identifiers left out). Save the analysis to keep the record.</source>
        <translation>Dados de {0} gravados em {1} (sem os identificadores diretos). Salve a análise para manter o registro.</translation>
    </message>
    <message>
        <source>Warning: {0}</source>
        <translation>Aviso: {0}</translation>
    </message>
    <message>
        <source>No hierarchy to take</source>
        <translation>Nenhuma hierarquia para usar</translation>
    </message>
    <message>
        <source>Searching...</source>
        <translation>Buscando...</translation>
    </message>
    <message>
        <source>Searching the levels</source>
        <translation>Buscando os níveis</translation>
    </message>
    <message>
        <source>No hierarchy to build</source>
        <translation>Nenhuma hierarquia a construir</translation>
    </message>
    <message>
        <source>Open a data file and choose its quasi-identifiers first.</source>
        <translation>Abra primeiro um arquivo de dados e escolha os seus quase-identificadores.</translation>
    </message>
    <message>
        <source>suggested k={0}</source>
        <translation>sugerido k={0}</translation>
    </message>
    <message>
        <source>No scenario made</source>
        <translation>Nenhum cenário criado</translation>
    </message>
    <message>
        <source>Added the scenario {0!r} (Build tab). {1}</source>
        <translation>Cenário {0!r} adicionado (aba Montar). {1}</translation>
    </message>
</context>
<context>
    <name>session</name>
    <message>
        <source>roles</source>
        <translation>papéis</translation>
    </message>
    <message>
        <source>targets</source>
        <translation>alvos</translation>
    </message>
    <message>
        <source>scenarios</source>
        <translation>cenários</translation>
    </message>
    <message>
        <source>report settings</source>
        <translation>configurações do relatório</translation>
    </message>
    <message>
        <source>releases</source>
        <translation>divulgações</translation>
    </message>
    <message>
        <source>attacks</source>
        <translation>ataques</translation>
    </message>
    <message>
        <source>QID subsets</source>
        <translation>subconjuntos de QIs</translation>
    </message>
    <message>
        <source>privacy models</source>
        <translation>modelos de privacidade</translation>
    </message>
    <message>
        <source>sample-file options</source>
        <translation>opções de arquivo amostral</translation>
    </message>
    <message>
        <source>processor cores</source>
        <translation>núcleos de processador</translation>
    </message>
    <message>
        <source>cluster</source>
        <translation>cluster</translation>
    </message>
    <message>
        <source>Suggest hierarchies</source>
        <translation>hierarquias da sugestão</translation>
    </message>
    <message>
        <source>later releases are listed but the focal release has no linkage key: on the Releases page, choose the focal release&apos;s linkage key</source>
        <translation>há edições posteriores listadas, mas a edição focal não tem chave de ligação: na página Edições, escolha a chave de ligação da edição focal</translation>
    </message>
    <message>
        <source>{name}: choose its linkage key on the Releases page</source>
        <translation>{name}: escolha a sua chave de ligação na página Edições</translation>
    </message>
    <message>
        <source>no data loaded: open a data file first</source>
        <translation>nenhum dado carregado: abra primeiro um arquivo de dados</translation>
    </message>
    <message>
        <source>no attack chosen: tick re-identification or attribute inference</source>
        <translation>nenhum ataque escolhido: marque reidentificação ou inferência de atributo</translation>
    </message>
    <message>
        <source>attribute inference needs a sensitive column: set one on the Data page</source>
        <translation>a inferência de atributo precisa de uma coluna sensível: defina uma na página Dados</translation>
    </message>
    <message>
        <source>choose the collective attack, individual targets, or both</source>
        <translation>escolha o ataque coletivo, os alvos individuais ou ambos</translation>
    </message>
    <message>
        <source>individual targets are chosen but none is given: add a target</source>
        <translation>alvos individuais foram escolhidos, mas nenhum foi informado: adicione um alvo</translation>
    </message>
    <message>
        <source>column {column!r} ({role}) is not in the file</source>
        <translation>a coluna {column!r} ({role}) não está no arquivo</translation>
    </message>
    <message>
        <source>linkage key {key!r} is not in the file</source>
        <translation>a chave de ligação {key!r} não está no arquivo</translation>
    </message>
</context>
<context>
    <name>start_page</name>
    <message>
        <source>Welcome to RiskReview</source>
        <translation>Bem-vindo ao RiskReview</translation>
    </message>
    <message>
        <source>Check the disclosure risk of a microdata file before it is released: say which columns an attacker could know (quasi-identifiers) and which are sensitive, run the attacks, and read how many people could be re-identified or have their sensitive value learned. Everything stays on this computer.</source>
        <translation>Verifique o risco de divulgação de um arquivo de microdados antes da sua liberação: indique quais colunas um atacante poderia conhecer (quase-identificadores) e quais são sensíveis, execute os ataques e veja quantas pessoas poderiam ser reidentificadas ou ter o seu valor sensível descoberto. Tudo fica neste computador.</translation>
    </message>
    <message>
        <source>Try the bundled example</source>
        <translation>Experimente o exemplo incluído</translation>
    </message>
    <message>
        <source>A synthetic school census: 20,000 pupils, 10 quasi-identifiers (birth date, sex, race, school...) and 2 sensitive columns (special needs, family benefit). The full run takes a few seconds.</source>
        <translation>Um censo escolar sintético: 20.000 alunos, 10 quase-identificadores (data de nascimento, sexo, raça, escola...) e 2 colunas sensíveis (necessidades especiais, benefício familiar). A execução completa leva alguns segundos.</translation>
    </message>
    <message>
        <source>Run the census example now</source>
        <translation>Executar o exemplo do censo agora</translation>
    </message>
    <message>
        <source>Open the census example</source>
        <translation>Abrir o exemplo do censo</translation>
    </message>
    <message>
        <source>Your own data</source>
        <translation>Os seus próprios dados</translation>
    </message>
    <message>
        <source>Open a data file...  (Ctrl+O)</source>
        <translation>Abrir um arquivo de dados...  (Ctrl+O)</translation>
    </message>
    <message>
        <source>Open an analysis...  (Ctrl+Shift+O)</source>
        <translation>Abrir uma análise...  (Ctrl+Shift+O)</translation>
    </message>
    <message>
        <source>Formats: CSV/TSV, Parquet, Feather, Excel .xlsx, SPSS .sav, Stata .dta, SAS .sas7bdat/.xpt. You can also drop a file on the window.</source>
        <translation>Formatos: CSV/TSV, Parquet, Feather, Excel .xlsx, SPSS .sav, Stata .dta, SAS .sas7bdat/.xpt. Você também pode soltar um arquivo na janela.</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>Arquivos recentes</translation>
    </message>
    <message>
        <source>No recent files yet.</source>
        <translation>Nenhum arquivo recente ainda.</translation>
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
        <source>(main - control) / (1 - control): what the synthetic file reveals about the real records beyond what it teaches about people in general. For an attribute attack, an interval above 0 with success above the baseline is a leak; a membership attack is judged at low false-positive rates (the verdict).</source>
        <translation>(principal - controle) / (1 - controle): o que o arquivo sintético revela sobre os registros reais além do que ensina sobre as pessoas em geral. Para um ataque de atributo, um intervalo acima de 0 com sucesso acima da referência é um vazamento; um ataque de pertencimento é julgado a taxas baixas de falsos positivos (o veredito).</translation>
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
        <translation>Real:</translation>
    </message>
    <message>
        <source>The confidential file the synthetic file was made from.</source>
        <translation>O arquivo confidencial a partir do qual o arquivo sintético foi gerado.</translation>
    </message>
    <message>
        <source>Synthetic file:</source>
        <translation>Sintético:</translation>
    </message>
    <message>
        <source>The synthetic file to be released.</source>
        <translation>O arquivo sintético a ser divulgado.</translation>
    </message>
    <message>
        <source>Control file (optional):</source>
        <translation>Controle (opcional):</translation>
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
        <translation>mista: números pela amplitude, categorias por discordância</translation>
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
        <source>&lt;b&gt;Leak detected.&lt;/b&gt; The synthetic file reveals which records were used to make it, or their values:</source>
        <translation>&lt;b&gt;Vazamento detectado.&lt;/b&gt; O arquivo sintético revela quais registros foram usados para criá-lo, ou seus valores:</translation>
    </message>
    <message>
        <source>&lt;b&gt;No leak detected.&lt;/b&gt; No membership attack tells members from non-members at a false-positive rate of 0.1% or 1% with 95% confidence, and no attribute attack beats both the control records and its baseline.</source>
        <translation>&lt;b&gt;Nenhum vazamento detectado.&lt;/b&gt; Nenhum ataque de pertencimento distingue membros de não membros a uma taxa de falsos positivos de 0,1% ou 1% com 95% de confiança, e nenhum ataque de atributo supera tanto os registros de controle quanto sua linha de base.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Leak not measured.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Vazamento não medido.&lt;/b&gt;</translation>
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
        <source>The results were run with other settings than the form now shows; the exports describe the settings they were run with. Run again to update them.</source>
        <translation>Os resultados foram obtidos com configurações diferentes das que o formulário mostra agora; as exportações descrevem as configurações com que foram executados. Execute novamente para atualizá-los.</translation>
    </message>
    <message>
        <source>Finished: {0} in {1}.</source>
        <translation>Concluído: {0} em {1}.</translation>
    </message>
    <message>
        <source>{0} attack</source>
        <translation>{0} ataque</translation>
    </message>
    <message>
        <source>{0} attacks</source>
        <translation>{0} ataques</translation>
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
        <source>The attacks could not run</source>
        <translation>Não foi possível executar os ataques</translation>
    </message>
    <message>
        <source>Run the attacks first.</source>
        <translation>Execute os ataques primeiro.</translation>
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
        <source>Numeric QID</source>
        <translation>QID numérico</translation>
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
        <source>A number an attacker knows approximately (income, expenditure, area): assessed by linking records on the nearest values, by interval disclosure and for outliers; protected by microaggregation, noise, rank swapping or rounding.</source>
        <translation>Um número que um atacante conhece aproximadamente (renda, despesa, área): avaliado pela ligação de registros pelos valores mais próximos, pela divulgação por intervalo e pelos valores atípicos; protegido por microagregação, ruído, rank swapping ou arredondamento.</translation>
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
        <source>Share of records alone in the sample on these attributes. The file is a sample: a record unique in the sample need not be unique in the population (see the Sample file tab for the population measures).</source>
        <translation>Proporção de registros sozinhos na amostra nestes atributos. O arquivo é uma amostra: um registro único na amostra não é necessariamente único na população (veja a aba Arquivo amostral para as medidas da população).</translation>
    </message>
    <message>
        <source>Number of records unique in the sample on these attributes.</source>
        <translation>Número de registros únicos na amostra nestes atributos.</translation>
    </message>
    <message>
        <source>Mean of 1 / (records of the sample sharing the attributes): the chance of picking the right record if the sample were the whole population; the Sample file tab estimates it for the population.</source>
        <translation>Média de 1 / (registros da amostra que compartilham os atributos): a chance de escolher o registro certo se a amostra fosse a população inteira; a aba Arquivo amostral a estima para a população.</translation>
    </message>
    <message>
        <source>Number of groups of records with equal values in the sample.</source>
        <translation>Número de grupos de registros com valores iguais na amostra.</translation>
    </message>
    <message>
        <source>Share of records whose sensitive value is the same for everyone in their sample block; people of the population outside the sample may have another value.</source>
        <translation>Proporção de registros cujo valor sensível é o mesmo para todos no seu bloco da amostra; pessoas da população fora da amostra podem ter outro valor.</translation>
    </message>
    <message>
        <source>Number of records whose sensitive value is the same for everyone in their sample block.</source>
        <translation>Número de registros cujo valor sensível é o mesmo para todos no seu bloco da amostra.</translation>
    </message>
    <message>
        <source>Share of the sample&apos;s records whose sensitive value is the most common one among the sample&apos;s records sharing their attributes.</source>
        <translation>Proporção dos registros da amostra cujo valor sensível é o mais comum entre os registros da amostra que compartilham os seus atributos.</translation>
    </message>
    <message>
        <source>Number of the sample&apos;s records whose sensitive value is guessed right that way.</source>
        <translation>Número de registros da amostra cujo valor sensível é acertado dessa forma.</translation>
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
        <source>{0} pp</source>
        <translation>{0} p.p.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>under 1 s</source>
        <translation>menos de 1 s</translation>
    </message>
    <message>
        <source>up to {0}</source>
        <translation>até {0}</translation>
    </message>
    <message>
        <source>{low} to {high}</source>
        <translation>de {low} a {high}</translation>
    </message>
    <message>
        <source>Data files ({patterns});;All files (*)</source>
        <translation>Arquivos de dados ({patterns});;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Hierarchy (*.csv *.txt);;All files (*)</source>
        <translation>Hierarquia (*.csv *.txt);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(ausente)</translation>
    </message>
    <message>
        <source>count {useful} ∈ {{{values}}}; secret {sensitive}</source>
        <translation>contagem de {useful} ∈ {{{values}}}; segredo {sensitive}</translation>
    </message>
</context>
<context>
    <name>widgets.cluster_fields</name>
    <message>
        <source>CA certificate:</source>
        <translation>Certificado da AC:</translation>
    </message>
    <message>
        <source>The agency&apos;s CA certificate (PEM) the scheduler&apos;s certificate is signed by.</source>
        <translation>O certificado (PEM) da autoridade certificadora do órgão, que assina o certificado do agendador.</translation>
    </message>
    <message>
        <source>Client certificate:</source>
        <translation>Certificado do cliente:</translation>
    </message>
    <message>
        <source>This computer&apos;s certificate (PEM) for the tls:// connection.</source>
        <translation>O certificado (PEM) deste computador para a conexão tls://.</translation>
    </message>
    <message>
        <source>Client key:</source>
        <translation>Chave do cliente:</translation>
    </message>
    <message>
        <source>The private key (PEM) of the client certificate.</source>
        <translation>A chave privada (PEM) do certificado do cliente.</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt *.key);;All files (*)</source>
        <translation>Arquivos PEM (*.pem *.crt *.key);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Dask cluster:</source>
        <translation>Cluster Dask:</translation>
    </message>
    <message>
        <source>empty: this computer; or tls://HOST:PORT of the agency&apos;s Dask scheduler</source>
        <translation>vazio: este computador; ou tls://HOST:PORTA do agendador Dask do órgão</translation>
    </message>
    <message>
        <source>Run the sweep on an existing Dask scheduler of your agency&apos;s network. The encoded data travel to its workers: use tls:// with the certificates below.</source>
        <translation>Executar a varredura em um agendador Dask existente na rede do seu órgão. Os dados codificados vão para os workers dele: use tls:// com os certificados abaixo.</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Procurar...</translation>
    </message>
    <message>
        <source>Warning: {0}.</source>
        <translation>Atenção: {0}.</translation>
    </message>
    <message>
        <source>Choose a PEM file</source>
        <translation>Escolha um arquivo PEM</translation>
    </message>
</context>
<context>
    <name>widgets.command_bar</name>
    <message>
        <source>Run the attacks  (Ctrl+R)</source>
        <translation>Executar os ataques  (Ctrl+R)</translation>
    </message>
    <message>
        <source>Export PDF...</source>
        <translation>Exportar PDF...</translation>
    </message>
    <message>
        <source>The risk report for the release board (Ctrl+E).</source>
        <translation>O relatório de risco para o comitê de liberação (Ctrl+E).</translation>
    </message>
    <message>
        <source>Export CSV+JSON...</source>
        <translation>Exportar CSV+JSON...</translation>
    </message>
    <message>
        <source>results.json, the CSV tables and the analysis, into a folder (Ctrl+Shift+E).</source>
        <translation>results.json, as tabelas CSV e a análise, em uma pasta (Ctrl+Shift+E).</translation>
    </message>
</context>
<context>
    <name>widgets.dp_plots</name>
    <message>
        <source>oblivious (central)</source>
        <translation>oblívio (central)</translation>
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
        <source>{dropped} point with δ = 0 is not drawn (log axis)</source>
        <translation>{dropped} ponto com δ = 0 não é desenhado (eixo logarítmico)</translation>
    </message>
    <message>
        <source>{dropped} points with δ = 0 are not drawn (log axis)</source>
        <translation>{dropped} pontos com δ = 0 não são desenhados (eixo logarítmico)</translation>
    </message>
</context>
<context>
    <name>widgets.epsilon_editor</name>
    <message>
        <source>{0}: {1!r} is not a number</source>
        <translation>{0}: {1!r} não é um número</translation>
    </message>
    <message>
        <source>{0}: give at least one epsilon</source>
        <translation>{0}: informe pelo menos um epsilon</translation>
    </message>
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
        <translation>Epsilons separados por ponto e vírgula (cada um &gt; 0).</translation>
    </message>
    <message>
        <source>to</source>
        <translation>a</translation>
    </message>
    <message>
        <source>{0}: &apos;from&apos; ({1}) is larger than &apos;to&apos; ({2})</source>
        <translation>{0}: “de” ({1}) é maior que “até” ({2})</translation>
    </message>
</context>
<context>
    <name>widgets.histograms</name>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}: {1}</translation>
    </message>
    <message>
        <source>The only quasi-identifier</source>
        <translation>O único quase-identificador</translation>
    </message>
    <message>
        <source>All {0} quasi-identifiers</source>
        <translation>Todos os {0} quase-identificadores</translation>
    </message>
    <message>
        <source>{0} quasi-identifier</source>
        <translation>{0} quase-identificador</translation>
    </message>
    <message>
        <source>{0} quasi-identifiers</source>
        <translation>{0} quase-identificadores</translation>
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
        <source>k-anonymity (k)</source>
        <translation>k-anonimato (k)</translation>
    </message>
    <message>
        <source>alpha (largest share of one value)</source>
        <translation>alfa (maior proporção de um valor)</translation>
    </message>
    <message>
        <source>distinct l-diversity (l)</source>
        <translation>l-diversidade distinta (l)</translation>
    </message>
    <message>
        <source>entropy l-diversity</source>
        <translation>l-diversidade de entropia</translation>
    </message>
    <message>
        <source>recursive (c,l)-diversity</source>
        <translation>(c,l)-diversidade recursiva</translation>
    </message>
    <message>
        <source>t-closeness (t)</source>
        <translation>t-proximidade (t)</translation>
    </message>
    <message>
        <source>basic beta-likeness</source>
        <translation>beta-semelhança básica</translation>
    </message>
    <message>
        <source>enhanced beta-likeness</source>
        <translation>beta-semelhança aprimorada</translation>
    </message>
    <message>
        <source>delta-disclosure</source>
        <translation>delta-divulgação</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>igual</translation>
    </message>
    <message>
        <source>ordered</source>
        <translation>ordenada</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>ilimitado</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>indefinido</translation>
    </message>
    <message>
        <source>not achievable</source>
        <translation>inatingível</translation>
    </message>
    <message>
        <source>all quasi-identifiers</source>
        <translation>todos os quase-identificadores</translation>
    </message>
    <message>
        <source>the largest subset evaluated (the full set is not in the chosen family)</source>
        <translation>o maior subconjunto avaliado (o conjunto completo não está na família escolhida)</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation>{0} de {1}</translation>
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
        <source>re-identified (deterministic)</source>
        <translation>reidentificados (determinístico)</translation>
    </message>
    <message>
        <source>re-identified (probabilistic)</source>
        <translation>reidentificados (probabilístico)</translation>
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
    <message>
        <source>Releases</source>
        <translation>Edições</translation>
    </message>
    <message>
        <source>Quasi-identifiers</source>
        <translation>Quase-identificadores</translation>
    </message>
    <message>
        <source>Unique (re-identified for sure)</source>
        <translation>Únicos (reidentificados com certeza)</translation>
    </message>
    <message>
        <source>Re-identified (expected)</source>
        <translation>Reidentificados (esperado)</translation>
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
        <source>{done} / {total} columns</source>
        <extracomment>How the counts of a stage read on the bar ({done} and {total}); other stages: &quot;{done} / {total}&quot;.</extracomment>
        <translation>{done} / {total} colunas</translation>
    </message>
    <message>
        <source>{done} / {total} combinations</source>
        <translation>{done} / {total} combinações</translation>
    </message>
    <message>
        <source>{done} / {total} subsets</source>
        <translation>{done} / {total} subconjuntos</translation>
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
        <source> · finishing</source>
        <translation> · concluindo</translation>
    </message>
    <message>
        <source> · remaining about {0}</source>
        <translation> · faltam cerca de {0}</translation>
    </message>
    <message>
        <source> · remaining: measuring</source>
        <translation> · restante: medindo</translation>
    </message>
    <message>
        <source>cancelling...</source>
        <translation>cancelando...</translation>
    </message>
</context>
<context>
    <name>widgets.sample_view</name>
    <message>
        <source>Zayatz model</source>
        <translation>Modelo de Zayatz</translation>
    </message>
    <message>
        <source>Pitman model</source>
        <translation>Modelo de Pitman</translation>
    </message>
    <message>
        <source>SNB model (slide negative binomial)</source>
        <translation>Modelo SNB (binomial negativa deslizante)</translation>
    </message>
    <message>
        <source>Expected re-identifications</source>
        <translation>Reidentificações esperadas</translation>
    </message>
    <message>
        <source>Mean risk</source>
        <translation>Risco médio</translation>
    </message>
    <message>
        <source>Highest risk</source>
        <translation>Maior risco</translation>
    </message>
    <message>
        <source>Records with risk above {0}</source>
        <translation>Registros com risco acima de {0}</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>Sample uniques (of the records)</source>
        <translation>Únicos na amostra (dos registros)</translation>
    </message>
    <message>
        <source>{0} ({1} of {2})</source>
        <translation>{0} ({1} de {2})</translation>
    </message>
    <message>
        <source>does not apply</source>
        <translation>não se aplica</translation>
    </message>
    <message>
        <source>Dankar et al. choice</source>
        <translation>Escolha de Dankar et al.</translation>
    </message>
    <message>
        <source>no model applies</source>
        <translation>nenhum modelo se aplica</translation>
    </message>
    <message>
        <source>{0} (the file is the whole population)</source>
        <translation>{0} (o arquivo é a população inteira)</translation>
    </message>
    <message>
        <source>given</source>
        <translation>informado</translation>
    </message>
    <message>
        <source>n / sum of weights</source>
        <translation>n / soma dos pesos</translation>
    </message>
    <message>
        <source>no weight</source>
        <translation>sem peso</translation>
    </message>
    <message>
        <source>Sampling fraction</source>
        <translation>Fração amostral</translation>
    </message>
    <message>
        <source>Population size</source>
        <translation>Tamanho da população</translation>
    </message>
    <message>
        <source>Individual risk: records by risk</source>
        <translation>Risco individual: registros por risco</translation>
    </message>
    <message>
        <source>risk {0} to {1}: {2} records</source>
        <translation>risco de {0} a {1}: {2} registros</translation>
    </message>
    <message>
        <source>SUDA was not run: tick Special uniques (SUDA) on the Attacks page.</source>
        <translation>O SUDA não foi executado:
marque Únicos especiais (SUDA) na página Ataques.</translation>
    </message>
    <message>
        <source>DIS-SUDA score distribution</source>
        <translation>Distribuição da pontuação DIS-SUDA</translation>
    </message>
    <message>
        <source>Contribution of each key variable</source>
        <translation>Contribuição de cada variável-chave</translation>
    </message>
    <message>
        <source>&lt;b&gt;Risk from the sampling weights&lt;/b&gt;</source>
        <translation>&lt;b&gt;Risco a partir dos pesos amostrais&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Population uniques&lt;/b&gt; (estimated share of the population)</source>
        <translation>&lt;b&gt;Únicos na população&lt;/b&gt; (proporção estimada da população)</translation>
    </message>
    <message>
        <source>About {0} people ({1} of the records) are expected to be re-identified</source>
        <translation>Espera-se que cerca de {0} pessoas ({1} dos registros) sejam reidentificadas</translation>
    </message>
    <message>
        <source>&lt;b&gt;Expected re-identifications by number of key variables known&lt;/b&gt;</source>
        <translation>&lt;b&gt;Reidentificações esperadas por número de variáveis-chave conhecidas&lt;/b&gt;</translation>
    </message>
    <message>
        <source>SUDA score</source>
        <translation>pontuação SUDA</translation>
    </message>
    <message>
        <source>No sample-file measures in this run. If the file is a sample, choose its sampling weight (and household id) on the Data page, or tick Special uniques (SUDA) on the Attacks page, and run again.</source>
        <translation>Nenhuma medida de arquivo amostral nesta execução. Se o arquivo for uma amostra, escolha o seu peso amostral (e o identificador do domicílio) na página Dados ou marque Únicos especiais (SUDA) na página Ataques, e execute novamente.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Risk from the sampling fraction&lt;/b&gt;</source>
        <translation>&lt;b&gt;Risco a partir da fração amostral&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Risk of the records&lt;/b&gt;</source>
        <translation>&lt;b&gt;Risco dos registros&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Medida</translation>
    </message>
    <message>
        <source>Individual risk</source>
        <translation>Risco individual</translation>
    </message>
    <message>
        <source>Household risk</source>
        <translation>Risco do domicílio</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Proporção</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamanho</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Esperado</translation>
    </message>
    <message>
        <source>Key variables</source>
        <translation>Variáveis-chave</translation>
    </message>
    <message>
        <source>Sampling weight &lt;b&gt;{0}&lt;/b&gt;: the {1} records stand for about {2} people</source>
        <translation>Peso amostral &lt;b&gt;{0}&lt;/b&gt;: os {1} registros representam cerca de {2} pessoas</translation>
    </message>
    <message>
        <source>No sampling weight; sampling fraction {0}: each record stands for {1} people, the {2} records for about {3}</source>
        <translation>Sem peso amostral; fração amostral {0}: cada registro representa {1} pessoas, os {2} registros cerca de {3}</translation>
    </message>
    <message>
        <source>No sampling weight: the {0} records are taken as the whole population</source>
        <translation>Sem peso amostral: os {0} registros são tomados como a população inteira</translation>
    </message>
    <message>
        <source>; {0} households (&lt;b&gt;{1}&lt;/b&gt;)</source>
        <translation>; {0} domicílios (&lt;b&gt;{1}&lt;/b&gt;)</translation>
    </message>
    <message>
        <source>a missing value matches any value</source>
        <translation>um valor ausente corresponde a qualquer valor</translation>
    </message>
    <message>
        <source>a missing value is a value of its own</source>
        <translation>um valor ausente é um valor próprio</translation>
    </message>
    <message>
        <source>&lt;b&gt;{0}&lt;/b&gt; (key: {1}). {2}; {3}. Individual risk: the chance that a record is correctly re-identified by an attacker who knows the key of a person of the population.</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt; (chave: {1}). {2}; {3}. Risco individual: a chance de um registro ser corretamente reidentificado por um atacante que conhece a chave de uma pessoa da população.</translation>
    </message>
    <message>
        <source>{0} of size {1}</source>
        <translation>{0} de tamanho {1}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>&lt;b&gt;Special uniques (SUDA)&lt;/b&gt;: {0} records ({1}); MSUs of at most {2} variables: {3}. SUDA score: mean {4}, highest {5}; DIS-SUDA score (DIS fraction {6}): mean {7}, highest {8}.</source>
        <translation>&lt;b&gt;Únicos especiais (SUDA)&lt;/b&gt;: {0} registros ({1}); MSUs de no máximo {2} variáveis: {3}. Pontuação SUDA: média {4}, máxima {5}; pontuação DIS-SUDA (fração DIS {6}): média {7}, máxima {8}.</translation>
    </message>
    <message>
        <source>A variable&apos;s contribution counts every MSU it is part of, so the shares add up to more than 100%.
Scoring: {0}.</source>
        <translation>A contribuição de uma variável conta cada MSU de que ela faz parte, por isso as proporções somam mais de 100%.
Pontuação: {0}.</translation>
    </message>
</context>
<context>
    <name>widgets.saved_notice</name>
    <message>
        <source>Open folder</source>
        <translation>Abrir pasta</translation>
    </message>
    <message>
        <source>Show the folder of the written file</source>
        <translation>Mostrar a pasta do arquivo gravado</translation>
    </message>
    <message>
        <source>Saved to {0}</source>
        <translation>Salvo em {0}</translation>
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
<context>
    <name>widgets.verdict_banner</name>
    <message>
        <source>What do these checks mean?</source>
        <translation>O que significam estas verificações?</translation>
    </message>
</context>
<context>
    <name>workflow</name>
    <message>
        <source>Could not open the file</source>
        <translation>Não foi possível abrir o arquivo</translation>
    </message>
    <message>
        <source>Loading {name}...</source>
        <translation>Carregando {name}...</translation>
    </message>
    <message>
        <source>Loaded {name}: {rows} rows, {columns} columns.</source>
        <translation>{name} carregado: {rows} linhas, {columns} colunas.</translation>
    </message>
    <message>
        <source>the file</source>
        <translation>o arquivo</translation>
    </message>
    <message>
        <source>Could not open {name}</source>
        <translation>Não foi possível abrir {name}</translation>
    </message>
    <message>
        <source>{path}: no such file</source>
        <translation>{path}: arquivo inexistente</translation>
    </message>
    <message>
        <source>Loading cancelled.</source>
        <translation>Carregamento cancelado.</translation>
    </message>
    <message>
        <source>Could not open the analysis</source>
        <translation>Não foi possível abrir a análise</translation>
    </message>
    <message>
        <source>The analysis does not fit the data</source>
        <translation>A análise não corresponde aos dados</translation>
    </message>
    <message>
        <source>Could not recover the analysis</source>
        <translation>Não foi possível recuperar a análise</translation>
    </message>
    <message>
        <source>Finished: {subsets} subsets in {seconds} s.</source>
        <translation>Concluído: {subsets} subconjuntos em {seconds} s.</translation>
    </message>
</context>
</TS>
