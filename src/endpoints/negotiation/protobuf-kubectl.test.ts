// Request bodies kubectl 1.33.1 sent (captured with a throw-away HTTPS stub: kubectl over TLS with
// insecure-skip-tls-verify, bodies written out as hex). Each must decode to the object kube's JSON decoder would
// produce from the same Go value; the expectations were checked against `kubectl create ... --dry-run=client -o json`
// (Go's JSON of the same object), which differs only where Go writes `creationTimestamp: null` or a zero
// non-pointer scalar without omitempty (PodDisruptionBudget status counters): null and absent, or a
// non-pointer zero and absent, are the same Go value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeProtobufObject, encodeProtobufObject } from './protobuf.js';

interface Capture {
  command: string;
  request: string;
  hex: string;
  json: Record<string, unknown>;
}

const captures: Capture[] = [
  {
    command: 'kubectl create namespace ns9',
    request: 'POST /api/v1/namespaces',
    hex:
      '6b3873000a0f0a02763112094e616d657370616365121b0a130a036e733912001a0022002a0032003800420012001a02' +
      '0a001a002200',
    json: {kind:'Namespace',apiVersion:'v1',metadata:{name:'ns9'},spec:{},status:{}},
  },
  {
    command: 'kubectl create configmap cm1 --from-literal=a=1 --from-literal=empty= --from-file=bin=bin.dat',
    request: 'POST /api/v1/namespaces/default/configmaps',
    hex:
      '6b3873000a0f0a0276311209436f6e6669674d6170123b0a130a03636d3112001a0022002a0032003800420012060a01' +
      '6112013112090a05656d70747912001a110a0362696e120a6c696e65310a000102ff1a002200',
    json: {kind:'ConfigMap',apiVersion:'v1',metadata:{name:'cm1'},data:{a:'1',empty:''},binaryData:{bin:'bGluZTEKAAEC/w=='}},
  },
  {
    command: 'kubectl create secret generic s1 --from-literal=user=admin --from-literal=empty= --type=Opaque',
    request: 'POST /api/v1/namespaces/default/secrets',
    hex:
      '6b3873000a0c0a027631120653656372657412360a120a02733112001a0022002a0032003800420012090a05656d7074' +
      '791200120d0a0475736572120561646d696e1a064f70617175651a002200',
    json: {kind:'Secret',apiVersion:'v1',metadata:{name:'s1'},data:{empty:'',user:'YWRtaW4='},type:'Opaque'},
  },
  {
    command: 'kubectl create serviceaccount sa1',
    request: 'POST /api/v1/namespaces/default/serviceaccounts',
    hex:
      '6b3873000a140a027631120e536572766963654163636f756e7412150a130a0373613112001a0022002a003200380042' +
      '001a002200',
    json: {kind:'ServiceAccount',apiVersion:'v1',metadata:{name:'sa1'}},
  },
  {
    command: 'kubectl create role r1 --verb=get,list --resource=pods,configmaps --resource-name=x',
    request: 'POST /apis/rbac.authorization.k8s.io/v1/namespaces/default/roles',
    hex:
      '6b3873000a240a1c726261632e617574686f72697a6174696f6e2e6b38732e696f2f76311204526f6c6512380a120a02' +
      '723112001a0022002a0032003800420012220a036765740a046c69737412001a04706f64731a0a636f6e6669676d6170' +
      '732201781a002200',
    json: {kind:'Role',apiVersion:'rbac.authorization.k8s.io/v1',metadata:{name:'r1'},rules:[{verbs:['get','list'],apiGroups:[''],resources:['pods','configmaps'],resourceNames:['x']}]},
  },
  {
    command: 'kubectl create rolebinding rb1 --role=r1 --user=alice --serviceaccount=default:sa1 --group=g1',
    request: 'POST /apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings',
    hex:
      '6b3873000a2b0a1c726261632e617574686f72697a6174696f6e2e6b38732e696f2f7631120b526f6c6542696e64696e' +
      '6712b4010a130a0372623112001a0022002a00320038004200122a0a04557365721219726261632e617574686f72697a' +
      '6174696f6e2e6b38732e696f1a05616c696365220012280a0547726f75701219726261632e617574686f72697a617469' +
      '6f6e2e6b38732e696f1a026731220012200a0e536572766963654163636f756e7412001a03736131220764656661756c' +
      '741a250a19726261632e617574686f72697a6174696f6e2e6b38732e696f1204526f6c651a0272311a002200',
    json: {kind:'RoleBinding',apiVersion:'rbac.authorization.k8s.io/v1',metadata:{name:'rb1'},subjects:[{kind:'User',apiGroup:'rbac.authorization.k8s.io',name:'alice'},{kind:'Group',apiGroup:'rbac.authorization.k8s.io',name:'g1'},{kind:'ServiceAccount',name:'sa1',namespace:'default'}],roleRef:{apiGroup:'rbac.authorization.k8s.io',kind:'Role',name:'r1'}},
  },
  {
    command: 'kubectl create clusterrolebinding crb1 --clusterrole=cr1 --user=bob',
    request: 'POST /apis/rbac.authorization.k8s.io/v1/clusterrolebindings',
    hex:
      '6b3873000a320a1c726261632e617574686f72697a6174696f6e2e6b38732e696f2f76311212436c7573746572526f6c' +
      '6542696e64696e67126f0a140a046372623112001a0022002a0032003800420012280a04557365721219726261632e61' +
      '7574686f72697a6174696f6e2e6b38732e696f1a03626f6222001a2d0a19726261632e617574686f72697a6174696f6e' +
      '2e6b38732e696f120b436c7573746572526f6c651a036372311a002200',
    json: {kind:'ClusterRoleBinding',apiVersion:'rbac.authorization.k8s.io/v1',metadata:{name:'crb1'},subjects:[{kind:'User',apiGroup:'rbac.authorization.k8s.io',name:'bob'}],roleRef:{apiGroup:'rbac.authorization.k8s.io',kind:'ClusterRole',name:'cr1'}},
  },
  {
    command: 'kubectl create deployment d1 --image=nginx --replicas=0 --port=80',
    request: 'POST /apis/apps/v1/namespaces/default/deployments',
    hex:
      '6b3873000a150a07617070732f7631120a4465706c6f796d656e7412b4010a1d0a02643112001a0022002a0032003800' +
      '42005a090a03617070120264311284010800120b0a090a03617070120264311a6b0a1b0a0012001a0022002a00320038' +
      '0042005a090a0361707012026431124c122e0a056e67696e7812056e67696e782a00320a0a001000185022002a004200' +
      '6a007200800100880100900100a201001a00320042004a0052005800600068008201008a01009a0100c2010022020a00' +
      '280038001a0c0800100018002000280038001a002200',
    json: {kind:'Deployment',apiVersion:'apps/v1',metadata:{name:'d1',labels:{app:'d1'}},spec:{replicas:0,selector:{matchLabels:{app:'d1'}},template:{metadata:{labels:{app:'d1'}},spec:{containers:[{name:'nginx',image:'nginx',ports:[{containerPort:80}],resources:{}}]}},strategy:{}},status:{}},
  },
  {
    command: 'kubectl create job j1 --image=busybox -- echo hi',
    request: 'POST /apis/batch/v1/namespaces/default/jobs',
    hex:
      '6b3873000a0f0a0862617463682f763112034a6f621284010a120a026a3112001a0022002a0032003800420012643262' +
      '0a100a0012001a0022002a00320038004200124e122b0a026a31120762757379626f781a046563686f1a0268692a0042' +
      '006a007200800100880100900100a201001a054e65766572320042004a0052005800600068008201008a01009a0100c2' +
      '01001a082000280030003a001a002200',
    json: {kind:'Job',apiVersion:'batch/v1',metadata:{name:'j1'},spec:{template:{metadata:{},spec:{containers:[{name:'j1',image:'busybox',command:['echo','hi'],resources:{}}],restartPolicy:'Never'}}},status:{}},
  },
  {
    command: 'kubectl create cronjob cj1 --image=busybox --schedule=*/1 * * * * -- date',
    request: 'POST /apis/batch/v1/namespaces/default/cronjobs',
    hex:
      '6b3873000a130a0862617463682f7631120743726f6e4a6f6212a7010a130a03636a3112001a0022002a003200380042' +
      '00128d010a0b2a2f31202a202a202a202a1a002a7c0a130a03636a3112001a0022002a00320038004200126532630a10' +
      '0a0012001a0022002a00320038004200124f12280a03636a31120762757379626f781a04646174652a0042006a007200' +
      '800100880100900100a201001a094f6e4661696c757265320042004a0052005800600068008201008a01009a0100c201' +
      '001a001a002200',
    json: {kind:'CronJob',apiVersion:'batch/v1',metadata:{name:'cj1'},spec:{schedule:'*/1 * * * *',jobTemplate:{metadata:{name:'cj1'},spec:{template:{metadata:{},spec:{containers:[{name:'cj1',image:'busybox',command:['date'],resources:{}}],restartPolicy:'OnFailure'}}}}},status:{}},
  },
  {
    command: 'kubectl create quota q1 --hard=cpu=1,memory=1Gi,pods=2 --scopes=BestEffort',
    request: 'POST /api/v1/namespaces/default/resourcequotas',
    hex:
      '6b3873000a130a027631120d5265736f7572636551756f7461124e0a120a02713112001a0022002a0032003800420012' +
      '360a0a0a0363707512030a01310a0f0a066d656d6f727912050a033147690a0b0a04706f647312030a0132120a426573' +
      '744566666f72741a001a002200',
    json: {kind:'ResourceQuota',apiVersion:'v1',metadata:{name:'q1'},spec:{hard:{cpu:'1',memory:'1Gi',pods:'2'},scopes:['BestEffort']},status:{}},
  },
  {
    command: 'kubectl create priorityclass pc1 --value=1000 --description=hi --preemption-policy=Never',
    request: 'POST /apis/scheduling.k8s.io/v1/priorityclasses',
    hex:
      '6b3873000a250a147363686564756c696e672e6b38732e696f2f7631120d5072696f72697479436c61737312250a130a' +
      '0370633112001a0022002a0032003800420010e8071800220268692a054e657665721a002200',
    json: {kind:'PriorityClass',apiVersion:'scheduling.k8s.io/v1',metadata:{name:'pc1'},value:1000,description:'hi',preemptionPolicy:'Never'},
  },
  {
    command: 'kubectl create pdb pdb1 --selector=app=x --min-available=0',
    request: 'POST /apis/policy/v1/namespaces/default/poddisruptionbudgets',
    hex:
      '6b3873000a200a09706f6c6963792f76311213506f6444697372757074696f6e42756467657412380a140a0470646231' +
      '12001a0022002a0032003800420012140a06080010001a00120a0a080a036170701201781a0a08001800200028003000' +
      '1a002200',
    json: {kind:'PodDisruptionBudget',apiVersion:'policy/v1',metadata:{name:'pdb1'},spec:{minAvailable:0,selector:{matchLabels:{app:'x'}}},status:{}},
  },
  {
    command: 'kubectl create pdb pdb2 --selector=app=x --max-unavailable=50%',
    request: 'POST /apis/policy/v1/namespaces/default/poddisruptionbudgets',
    hex:
      '6b3873000a200a09706f6c6963792f76311213506f6444697372757074696f6e427564676574123b0a140a0470646232' +
      '12001a0022002a003200380042001217120a0a080a036170701201781a09080110001a033530251a0a08001800200028' +
      '0030001a002200',
    json: {kind:'PodDisruptionBudget',apiVersion:'policy/v1',metadata:{name:'pdb2'},spec:{selector:{matchLabels:{app:'x'}},maxUnavailable:'50%'},status:{}},
  },
  {
    command: 'kubectl create service clusterip svc1 --tcp=80:8080',
    request: 'POST /api/v1/namespaces/default/services',
    hex:
      '6b3873000a0d0a027631120753657276696365126c0a210a047376633112001a0022002a003200380042005a0b0a0361' +
      '707012047376633112430a1b0a0738302d38303830120354435018502207080010903f1a002800120b0a036170701204' +
      '737663311a002209436c757374657249503a00420052005a00600068001a020a001a002200',
    json: {kind:'Service',apiVersion:'v1',metadata:{name:'svc1',labels:{app:'svc1'}},spec:{ports:[{name:'80-8080',protocol:'TCP',port:80,targetPort:8080}],selector:{app:'svc1'},type:'ClusterIP'},status:{loadBalancer:{}}},
  },
  {
    command: 'kubectl create service nodeport svc2 --tcp=80:http --node-port=30080',
    request: 'POST /api/v1/namespaces/default/services',
    hex:
      '6b3873000a0d0a02763112075365727669636512700a210a047376633212001a0022002a003200380042005a0b0a0361' +
      '707012047376633212470a200a0738302d6874747012035443501850220a080110001a04687474702880eb01120b0a03' +
      '6170701204737663321a0022084e6f6465506f72743a00420052005a00600068001a020a001a002200',
    json: {kind:'Service',apiVersion:'v1',metadata:{name:'svc2',labels:{app:'svc2'}},spec:{ports:[{name:'80-http',protocol:'TCP',port:80,targetPort:'http',nodePort:30080}],selector:{app:'svc2'},type:'NodePort'},status:{loadBalancer:{}}},
  },
  {
    command: 'kubectl create ingress ing1 --rule=foo.com/bar*=svc1:8080,tls=sec --class=nginx',
    request: 'POST /apis/networking.k8s.io/v1/namespaces/default/ingresses',
    hex:
      '6b3873000a1f0a146e6574776f726b696e672e6b38732e696f2f76311207496e677265737312630a140a04696e673112' +
      '001a0022002a003200380042001247120e0a07666f6f2e636f6d12037365631a2e0a07666f6f2e636f6d12230a210a1f' +
      '0a042f626172120f220d0a047376633112050a0010903f1a0650726566697822056e67696e781a020a001a002200',
    json: {kind:'Ingress',apiVersion:'networking.k8s.io/v1',metadata:{name:'ing1'},spec:{ingressClassName:'nginx',tls:[{hosts:['foo.com'],secretName:'sec'}],rules:[{host:'foo.com',http:{paths:[{path:'/bar',pathType:'Prefix',backend:{service:{name:'svc1',port:{number:8080}}}}]}}]},status:{loadBalancer:{}}},
  },
  {
    command: 'kubectl create clusterrole cr2 --aggregation-rule=a=b',
    request: 'POST /apis/rbac.authorization.k8s.io/v1/clusterroles',
    hex:
      '6b3873000a2b0a1c726261632e617574686f72697a6174696f6e2e6b38732e696f2f7631120b436c7573746572526f6c' +
      '6512210a130a0363723212001a0022002a003200380042001a0a0a080a060a01611201621a002200',
    json: {kind:'ClusterRole',apiVersion:'rbac.authorization.k8s.io/v1',metadata:{name:'cr2'},aggregationRule:{clusterRoleSelectors:[{matchLabels:{a:'b'}}]}},
  },
  {
    command: 'kubectl create secret docker-registry dr1 --docker-server=r.io --docker-username=u --docker-password=p',
    request: 'POST /api/v1/namespaces/default/secrets',
    hex:
      '6b3873000a0c0a0276311206536563726574128c010a130a0364723112001a0022002a0032003800420012550a112e64' +
      '6f636b6572636f6e6669676a736f6e12407b226175746873223a7b22722e696f223a7b22757365726e616d65223a2275' +
      '222c2270617373776f7264223a2270222c2261757468223a2264547077227d7d7d1a1e6b756265726e657465732e696f' +
      '2f646f636b6572636f6e6669676a736f6e1a002200',
    json: {kind:'Secret',apiVersion:'v1',metadata:{name:'dr1'},data:{'.dockerconfigjson':'eyJhdXRocyI6eyJyLmlvIjp7InVzZXJuYW1lIjoidSIsInBhc3N3b3JkIjoicCIsImF1dGgiOiJkVHB3In19fQ=='},type:'kubernetes.io/dockerconfigjson'},
  },
  {
    command: 'kubectl create clusterrole cr1 --verb=get --non-resource-url=/healthz',
    request: 'POST /apis/rbac.authorization.k8s.io/v1/clusterroles',
    hex:
      '6b3873000a2b0a1c726261632e617574686f72697a6174696f6e2e6b38732e696f2f7631120b436c7573746572526f6c' +
      '6512260a130a0363723112001a0022002a00320038004200120f0a036765742a082f6865616c74687a1a002200',
    json: {kind:'ClusterRole',apiVersion:'rbac.authorization.k8s.io/v1',metadata:{name:'cr1'},rules:[{verbs:['get'],nonResourceURLs:['/healthz']}]},
  },
  {
    command: 'kubectl create token sa1 --duration=1h --audience=a1',
    request: 'POST /api/v1/namespaces/default/serviceaccounts/sa1/token',
    hex:
      '6b3873000a280a1861757468656e7469636174696f6e2e6b38732e696f2f7631120c546f6b656e526571756573741221' +
      '0a100a0012001a0022002a0032003800420012070a02613120901c1a040a0012001a002200',
    json: {kind:'TokenRequest',apiVersion:'authentication.k8s.io/v1',metadata:{},spec:{audiences:['a1'],expirationSeconds:3600},status:{}},
  },
  {
    command: 'kubectl auth can-i create configmaps',
    request: 'POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
    hex:
      '6b3873000a320a17617574686f72697a6174696f6e2e6b38732e696f2f7631121753656c665375626a65637441636365' +
      '737352657669657712450a100a0012001a0022002a0032003800420012270a250a0764656661756c7412066372656174' +
      '651a0022002a0a636f6e6669676d61707332003a001a08080012001a0020001a002200',
    json: {kind:'SelfSubjectAccessReview',apiVersion:'authorization.k8s.io/v1',metadata:{},spec:{resourceAttributes:{namespace:'default',verb:'create',resource:'configmaps'}},status:{}},
  },
  {
    command: 'kubectl auth can-i get /healthz',
    request: 'POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
    hex:
      '6b3873000a320a17617574686f72697a6174696f6e2e6b38732e696f2f7631121753656c665375626a65637441636365' +
      '7373526576696577122f0a100a0012001a0022002a003200380042001211120f0a082f6865616c74687a12036765741a' +
      '08080012001a0020001a002200',
    json: {kind:'SelfSubjectAccessReview',apiVersion:'authorization.k8s.io/v1',metadata:{},spec:{nonResourceAttributes:{path:'/healthz',verb:'get'}},status:{}},
  },
  {
    command: 'kubectl auth whoami',
    request: 'POST /apis/authentication.k8s.io/v1/selfsubjectreviews',
    hex:
      '6b3873000a2d0a1861757468656e7469636174696f6e2e6b38732e696f2f7631121153656c665375626a656374526576' +
      '696577121a0a100a0012001a0022002a0032003800420012060a040a0012001a002200',
    json: {kind:'SelfSubjectReview',apiVersion:'authentication.k8s.io/v1',metadata:{},status:{userInfo:{}}},
  },
  {
    command: 'kubectl drain n1 --disable-eviction --grace-period=0',
    request: 'DELETE /api/v1/namespaces/default/pods/p1',
    hex: '6b3873000a130a027631120d44656c6574654f7074696f6e73120208001a002200',
    json: { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0 },
  },
  {
    command: 'kubectl drain n1 --grace-period=5 (server without the eviction sub-resource)',
    request: 'DELETE /api/v1/namespaces/default/pods/p1',
    hex: '6b3873000a130a027631120d44656c6574654f7074696f6e73120208051a002200',
    json: { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 5 },
  },
];

for (const c of captures) {
  test(`${c.command} (${c.request})`, () => {
    const body = Buffer.from(c.hex, 'hex');
    const expected = { apiVersion: c.json.apiVersion as string, kind: c.json.kind as string };
    assert.deepStrictEqual(decodeProtobufObject(body, expected), c.json);
    // The envelope names the kind, so the endpoint's kind is not needed to decode it.
    assert.deepStrictEqual(decodeProtobufObject(body), c.json);
    // Encoding the decoded object gives a body that decodes to it again.
    assert.deepStrictEqual(decodeProtobufObject(encodeProtobufObject(c.json)), c.json);
  });
}

test('our encoding of a namespace opens with the envelope and TypeMeta bytes kubectl sent', () => {
  // Magic "k8s\0", then field 1 (TypeMeta: apiVersion "v1", kind "Namespace"): the same bytes whatever the object.
  const prefix = '6b3873000a0f0a02763112094e616d657370616365';
  assert.equal(captures[0]!.hex.slice(0, prefix.length), prefix);
  assert.equal(Buffer.from(encodeProtobufObject(captures[0]!.json)).toString('hex').slice(0, prefix.length), prefix);
});
